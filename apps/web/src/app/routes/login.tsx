// Placeholder route; the storefront issue replaces it.
export function LoginRoute() {
  return <div className="mx-auto max-w-7xl px-4 py-10"><h1 className="text-2xl font-bold">login</h1></div>
}
