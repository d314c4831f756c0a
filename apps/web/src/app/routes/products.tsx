import { ProductsPage } from '../../features/catalog/components/products-page.tsx'

export function ProductsRoute() {
  return <ProductsPage />
}
