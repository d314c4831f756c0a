import { Route, Routes } from 'react-router'
import { form, page } from './lazy-screen.ts'

// SPEC §2 routes of the shop other than / and /products, inside the public layout (app/router.tsx sends every other
// address here). Issue 7: this table is a lazy chunk of its own, so the first download does not carry the list of
// every screen's chunks; main.tsx fetches it once the first screen has painted, and each screen is its own chunk.
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

export function PublicRoutes() {
  return (
    <Routes>
      <Route path="cart" element={<CartRoute />} />
      <Route path="checkout" element={<CheckoutRoute />} />
      <Route path="login" element={<LoginRoute />} />
      <Route path="register" element={<RegisterRoute />} />
      <Route path="forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="reset-password" element={<ResetPasswordRoute />} />
      <Route path="order-confirmation" element={<OrderConfirmationRoute />} />
      <Route path="my-orders" element={<MyOrdersRoute />} />
      <Route path="change-password" element={<ChangePasswordRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  )
}
