import { DirectionProvider } from '@radix-ui/react-direction'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthProvider } from '../lib/auth/auth-provider.tsx'
import { CartProvider } from '../lib/cart/cart-provider.tsx'
import { LazyToaster } from './lazy-toaster.tsx'

/** What every screen shares: the reading direction, the session, the cart and the toasts (the query cache: lib/query-provider.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const dir = i18n.dir(i18n.language)
  return (
    <DirectionProvider dir={dir}>
      <AuthProvider>
        <CartProvider>
          {children}
          <LazyToaster dir={dir === 'rtl' ? 'rtl' : 'ltr'} />
        </CartProvider>
      </AuthProvider>
    </DirectionProvider>
  )
}
