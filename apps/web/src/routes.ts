import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * Every address of the shop. The storefront's public pages (/, /products, /products/:slug) load their data on the
 * server and are sent whole; the other screens render in the browser after hydration (their data is this browser's:
 * cart, session). Each route module is a chunk of its own: a shopper never downloads the dashboard.
 */
export default [
  layout('app/layouts/public-layout.tsx', [
    index('app/routes/landing.tsx'),
    route('products', 'app/routes/products.tsx'),
    route('products/:slug', 'app/routes/product.tsx'),
    route('cart', 'app/routes/cart.tsx'),
    route('checkout', 'app/routes/checkout.tsx'),
    route('checkout/pay', 'app/routes/checkout-pay.tsx'),
    route('payment/success', 'app/routes/payment-success.tsx'),
    route('payment/failed', 'app/routes/payment-failed.tsx'),
    route('payment/cancelled', 'app/routes/payment-cancelled.tsx'),
    route('login', 'app/routes/login.tsx'),
    route('register', 'app/routes/register.tsx'),
    route('forgot-password', 'app/routes/forgot-password.tsx'),
    route('reset-password', 'app/routes/reset-password.tsx'),
    route('invitation/:token', 'app/routes/invitation.tsx'),
    route('order-confirmation', 'app/routes/order-confirmation.tsx'),
    route('my-orders', 'app/routes/my-orders.tsx'),
    route('track', 'app/routes/track.tsx'),
    route('change-password', 'app/routes/change-password.tsx'),
    route('*', 'app/routes/not-found.tsx'),
  ]),
  route('dashboard', 'app/layouts/dashboard-layout.tsx', [
    index('app/routes/dashboard/overview.tsx'),
    route('products', 'app/routes/dashboard/products.tsx'),
    route('categories', 'app/routes/dashboard/categories.tsx'),
    route('cities', 'app/routes/dashboard/cities.tsx'),
    route('couriers', 'app/routes/dashboard/couriers.tsx'),
    route('offers', 'app/routes/dashboard/offers.tsx'),
    route('orders', 'app/routes/dashboard/orders.tsx'),
    route('sales', 'app/routes/dashboard/sales.tsx'),
    route('users', 'app/routes/dashboard/users.tsx'),
    route('staff', 'app/routes/dashboard/staff.tsx'),
    route('settings', 'app/routes/dashboard/settings.tsx'),
    route('content', 'app/routes/dashboard/content.tsx'),
    route('audit', 'app/routes/dashboard/audit.tsx'),
    route('profile', 'app/routes/dashboard/profile.tsx'),
  ]),
] satisfies RouteConfig
