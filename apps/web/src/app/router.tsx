import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import { PublicLayout } from './layouts/public-layout.tsx'
import { LandingRoute } from './routes/landing.tsx'
import { ProductsRoute } from './routes/products.tsx'
import { RouteBoundary } from './route-error-boundary.tsx'
import { form } from './lazy-screen.ts'
import { ScrollToTop } from './scroll-to-top.tsx'

/**
 * Issue 7: the declarative <Routes> API instead of the data router (createBrowserRouter pulls in loaders,
 * actions, fetchers and revalidation the shop never uses). Screens other than / and /products are lazy chunks;
 * each layout wraps its <Outlet> in a RouteBoundary (Suspense + error boundary); app/lazy-screen.ts loads them.
 * Their route tables are lazy too (public-routes.tsx, dashboard-routes.tsx): the first download holds only the two
 * screens it shows.
 */
const loadPublicRoutes = () => import('./public-routes.tsx')
const PublicRoutes = lazy(async () => ({ default: (await loadPublicRoutes()).PublicRoutes }))

/** main.tsx calls this once the first screen has painted, so the next screen does not wait for two downloads. */
export const prefetchRoutes = () => void loadPublicRoutes()

// The dashboard (its route table, layout and every screen) is lazy-loaded: a shopper never downloads it (STYLE.md).
const DashboardRoutes = form(() => import('./dashboard-routes.tsx'), 'DashboardRoutes')

/** Rendered inside <BrowserRouter> (main.tsx); the outer RouteBoundary covers the layouts themselves. */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <ScrollToTop />
      <Routes>
        {/* SPEC §2 routes: / and /products here, the others in public-routes.tsx. */}
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingRoute />} />
          <Route path="/products" element={<ProductsRoute />} />
          <Route path="*" element={<PublicRoutes />} />
        </Route>
        <Route path="/dashboard/*" element={<DashboardRoutes />} />
      </Routes>
    </RouteBoundary>
  )
}
