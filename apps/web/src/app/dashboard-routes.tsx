import { Route, Routes } from 'react-router'
import { Component as DashboardLayout } from './layouts/dashboard-layout.tsx'
import { PublicLayout } from './layouts/public-layout.tsx'
import { page } from './lazy-screen.ts'

// SPEC §2 dashboard routes, under /dashboard/* (app/router.tsx). This whole table is a lazy chunk (issue 7): a shopper
// never downloads the dashboard (STYLE.md), not even its route list; each screen is its own chunk.
const DashboardOverview = page(() => import('./routes/dashboard/overview.tsx'), 'Component')
const DashboardProducts = page(() => import('./routes/dashboard/products.tsx'), 'Component')
const DashboardCategories = page(() => import('./routes/dashboard/categories.tsx'), 'Component')
const DashboardCities = page(() => import('./routes/dashboard/cities.tsx'), 'Component')
const DashboardOrders = page(() => import('./routes/dashboard/orders.tsx'), 'Component')
const DashboardSales = page(() => import('./routes/dashboard/sales.tsx'), 'Component')
const DashboardUsers = page(() => import('./routes/dashboard/users.tsx'), 'Component')
const DashboardSettings = page(() => import('./routes/dashboard/settings.tsx'), 'Component')
const DashboardProfile = page(() => import('./routes/dashboard/profile.tsx'), 'Component')
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute')

export function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<DashboardOverview />} />
        <Route path="products" element={<DashboardProducts />} />
        <Route path="categories" element={<DashboardCategories />} />
        <Route path="cities" element={<DashboardCities />} />
        <Route path="orders" element={<DashboardOrders />} />
        <Route path="sales" element={<DashboardSales />} />
        <Route path="users" element={<DashboardUsers />} />
        <Route path="settings" element={<DashboardSettings />} />
        <Route path="profile" element={<DashboardProfile />} />
      </Route>
      {/* An unknown /dashboard/… address gets the shop's 404 page, as every other unknown address does. */}
      <Route element={<PublicLayout />}>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
