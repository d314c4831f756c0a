// Placeholder route; the storefront issue replaces it.
export function ResetPasswordRoute() {
  return <div className="mx-auto max-w-7xl px-4 py-10"><h1 className="text-2xl font-bold">reset-password</h1></div>
}
