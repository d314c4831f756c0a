import { createBrowserRouter, type RouteObject } from 'react-router'
import { PublicLayout } from './layouts/public-layout.tsx'
import { ProtectedRoute } from './guards/protected-route.tsx'
import { LandingRoute } from './routes/landing.tsx'
import { ProductsRoute } from './routes/products.tsx'
import { CartRoute } from './routes/cart.tsx'
import { CheckoutRoute } from './routes/checkout.tsx'
import { LoginRoute } from './routes/login.tsx'
import { RegisterRoute } from './routes/register.tsx'
import { ForgotPasswordRoute } from './routes/forgot-password.tsx'
import { ResetPasswordRoute } from './routes/reset-password.tsx'
import { OrderConfirmationRoute } from './routes/order-confirmation.tsx'
import { MyOrdersRoute } from './routes/my-orders.tsx'
import { ChangePasswordRoute } from './routes/change-password.tsx'
import { NotFoundRoute } from './routes/not-found.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

// SPEC §2 routes. The dashboard (layout and every screen) is lazy-loaded: a shopper never downloads it.
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/products', element: <ProductsRoute /> },
      { path: '/cart', element: <CartRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/register', element: <RegisterRoute /> },
      { path: '/forgot-password', element: <ForgotPasswordRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/order-confirmation', element: <OrderConfirmationRoute /> },
      { path: '/my-orders', element: <MyOrdersRoute /> },
      {
        path: '/change-password',
        element: (
          <ProtectedRoute>
            <ChangePasswordRoute />
          </ProtectedRoute>
        ),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: '/dashboard',
    lazy: () => import('./layouts/dashboard-layout.tsx'),
    errorElement: <RouteErrorBoundary />,
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
