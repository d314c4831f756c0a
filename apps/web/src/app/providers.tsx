import { DirectionProvider } from '@radix-ui/react-direction'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthProvider } from '../features/auth/auth-provider.tsx'
import { CartProvider } from '../features/cart/cart-provider.tsx'
import { createQueryClient } from '../lib/query-client.ts'
import { LazyToaster } from './lazy-toaster.tsx'

/** `queryClient`: main.tsx passes the one it has already started fetching with (features/catalog/prefetch.ts). */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  const { i18n } = useTranslation()
  const dir = i18n.dir(i18n.language)
  useEffect(() => {
    document.title = i18n.t('brand.name') + ' | ' + i18n.t('brand.tagline')
  }, [i18n, i18n.language])
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider dir={dir}>
        <AuthProvider>
          <CartProvider>
            {children}
            <LazyToaster dir={dir === 'rtl' ? 'rtl' : 'ltr'} />
          </CartProvider>
        </AuthProvider>
      </DirectionProvider>
    </QueryClientProvider>
  )
}
