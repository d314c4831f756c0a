import { ProductsScreen } from '../../../features/dashboard-products/components/products-screen.tsx'

export function Component() {
  return <ProductsScreen />
}
