import type { StorefrontContext } from '@shop/shared/storefront'

// The load context apps/api gives every route loader (decision 0031).
declare module 'react-router' {
  interface AppLoadContext {
    shop: StorefrontContext
  }
}

export {}
