import { createBrowserRouter, type RouteObject } from 'react-router'
import { PublicLayout } from './layouts/public-layout.tsx'
import { ProtectedRoute } from './guards/protected-route.tsx'
import { LandingRoute } from './routes/landing.tsx'
import { ProductsRoute } from './routes/products.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { FullPageSpinner } from '../components/ui/spinner.tsx'

// SPEC §2 routes. The dashboard (layout and every screen) is lazy-loaded: a shopper never downloads it.
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/products', element: <ProductsRoute /> },
      // Everything but the landing and products pages loads on demand, keeping the first download small.
      { path: '/cart', lazy: async () => ({ Component: (await import('./routes/cart.tsx')).CartRoute }) },
      { path: '/checkout', lazy: async () => ({ Component: (await import('./routes/checkout.tsx')).CheckoutRoute }) },
      { path: '/login', lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }) },
      { path: '/register', lazy: async () => ({ Component: (await import('./routes/register.tsx')).RegisterRoute }) },
      { path: '/forgot-password', lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }) },
      {
        path: '/order-confirmation',
        lazy: async () => ({ Component: (await import('./routes/order-confirmation.tsx')).OrderConfirmationRoute }),
      },
      { path: '/my-orders', lazy: async () => ({ Component: (await import('./routes/my-orders.tsx')).MyOrdersRoute }) },
      {
        path: '/change-password',
        lazy: async () => {
          const { ChangePasswordRoute } = await import('./routes/change-password.tsx')
          return {
            Component: () => (
              <ProtectedRoute>
                <ChangePasswordRoute />
              </ProtectedRoute>
            ),
          }
        },
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }) },
    ],
  },
  {
    path: '/dashboard',
    lazy: () => import('./layouts/dashboard-layout.tsx'),
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, lazy: () => import('./routes/dashboard/overview.tsx') },
      { path: 'products', lazy: () => import('./routes/dashboard/products.tsx') },
      { path: 'categories', lazy: () => import('./routes/dashboard/categories.tsx') },
      { path: 'cities', lazy: () => import('./routes/dashboard/cities.tsx') },
      { path: 'orders', lazy: () => import('./routes/dashboard/orders.tsx') },
      { path: 'sales', lazy: () => import('./routes/dashboard/sales.tsx') },
      { path: 'users', lazy: () => import('./routes/dashboard/users.tsx') },
      { path: 'settings', lazy: () => import('./routes/dashboard/settings.tsx') },
      { path: 'profile', lazy: () => import('./routes/dashboard/profile.tsx') },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
