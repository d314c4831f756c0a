// Placeholder route; the dashboard issue replaces it.
export function Component() {
  return <div><h1 className="text-2xl font-bold">dashboard profile</h1></div>
}
