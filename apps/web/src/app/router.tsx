import { lazy, type ComponentType } from 'react'
import { Route, Routes } from 'react-router'
import { PublicLayout } from './layouts/public-layout.tsx'
import { ProtectedRoute } from './guards/protected-route.tsx'
import { LandingRoute } from './routes/landing.tsx'
import { ProductsRoute } from './routes/products.tsx'
import { RouteBoundary } from './route-error-boundary.tsx'
import { loadSharedMessages } from '../lib/i18n.ts'

/**
 * Issue 7: the declarative <Routes> API instead of the data router (createBrowserRouter pulls in loaders,
 * actions, fetchers and revalidation the shop never uses). Screens other than / and /products are lazy chunks;
 * each layout wraps its <Outlet> in a RouteBoundary (Suspense + error boundary).
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }))
/** A screen with a form: its validation texts (namespace `shared`, lib/i18n.ts) load with its code. */
const form = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  page(async () => (await Promise.all([load(), loadSharedMessages()]))[0], name)

// SPEC §2 routes. Everything but the landing and products pages loads on demand, keeping the first download small.
const CartRoute = page(() => import('./routes/cart.tsx'), 'CartRoute')
const CheckoutRoute = form(() => import('./routes/checkout.tsx'), 'CheckoutRoute')
const LoginRoute = form(() => import('./routes/login.tsx'), 'LoginRoute')
const RegisterRoute = form(() => import('./routes/register.tsx'), 'RegisterRoute')
const ForgotPasswordRoute = form(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordRoute')
const ResetPasswordRoute = form(() => import('./routes/reset-password.tsx'), 'ResetPasswordRoute')
const OrderConfirmationRoute = page(() => import('./routes/order-confirmation.tsx'), 'OrderConfirmationRoute')
const MyOrdersRoute = page(() => import('./routes/my-orders.tsx'), 'MyOrdersRoute')
const ChangePasswordRoute = form(() => import('./routes/change-password.tsx'), 'ChangePasswordRoute')
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute')

// The dashboard (layout and every screen) is lazy-loaded: a shopper never downloads it (STYLE.md).
const DashboardLayout = form(() => import('./layouts/dashboard-layout.tsx'), 'Component')
const DashboardOverview = page(() => import('./routes/dashboard/overview.tsx'), 'Component')
const DashboardProducts = page(() => import('./routes/dashboard/products.tsx'), 'Component')
const DashboardCategories = page(() => import('./routes/dashboard/categories.tsx'), 'Component')
const DashboardCities = page(() => import('./routes/dashboard/cities.tsx'), 'Component')
const DashboardOrders = page(() => import('./routes/dashboard/orders.tsx'), 'Component')
const DashboardSales = page(() => import('./routes/dashboard/sales.tsx'), 'Component')
const DashboardUsers = page(() => import('./routes/dashboard/users.tsx'), 'Component')
const DashboardSettings = page(() => import('./routes/dashboard/settings.tsx'), 'Component')
const DashboardProfile = page(() => import('./routes/dashboard/profile.tsx'), 'Component')

/** Rendered inside <BrowserRouter> (main.tsx); the outer RouteBoundary covers the layouts themselves. */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingRoute />} />
          <Route path="/products" element={<ProductsRoute />} />
          <Route path="/cart" element={<CartRoute />} />
          <Route path="/checkout" element={<CheckoutRoute />} />
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterRoute />} />
          <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
          <Route path="/order-confirmation" element={<OrderConfirmationRoute />} />
          <Route path="/my-orders" element={<MyOrdersRoute />} />
          <Route
            path="/change-password"
            element={
              <ProtectedRoute>
                <ChangePasswordRoute />
              </ProtectedRoute>
            }
          />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route path="/dashboard" element={<DashboardLayout />}>
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
      </Routes>
    </RouteBoundary>
  )
}
