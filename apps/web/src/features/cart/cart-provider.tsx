import { createContext, useContext, type ReactNode } from 'react'

// Placeholder; the storefront issue implements the SPEC §3/§4 cart here.
const CartContext = createContext<{ itemCount: number } | null>(null)
export function CartProvider({ children }: { children: ReactNode }) {
  return <CartContext.Provider value={{ itemCount: 0 }}>{children}</CartContext.Provider>
}
export function useCart() {
  const ctx = useContext(CartContext)
  if (!ctx) throw new Error('useCart must be used within a CartProvider')
  return ctx
}
