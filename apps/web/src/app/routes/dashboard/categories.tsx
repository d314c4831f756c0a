import { CategoriesScreen } from '../../../features/dashboard-categories/components/categories-screen.tsx'

export function Component() {
  return <CategoriesScreen />
}
