// Placeholder route; the storefront issue replaces it.
export function OrderConfirmationRoute() {
  return <div className="mx-auto max-w-7xl px-4 py-10"><h1 className="text-2xl font-bold">order-confirmation</h1></div>
}
