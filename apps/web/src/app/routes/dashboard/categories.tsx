import { CategoriesScreen } from '../../../features/dashboard-categories/components/categories-screen.tsx'

export default function Screen() {
  return <CategoriesScreen />
}
