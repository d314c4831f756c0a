import { ProductsScreen } from '../../../features/dashboard-products/components/products-screen.tsx'

export default function Screen() {
  return <ProductsScreen />
}
