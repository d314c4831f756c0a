import { StrictMode, startTransition, useEffect, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, useLocation, useNavigate } from 'react-router'
import './index.css'
import { i18nReady, loadSharedMessages } from './lib/i18n.ts'
import { AppProviders } from './app/providers.tsx'
import { AppRoutes, prefetchRoutes } from './app/router.tsx'
import { setUnauthorizedHandler } from './lib/api-client.ts'
import { useAuth } from './features/auth/auth-provider.tsx'
import { prefetchCatalog } from './features/catalog/prefetch.ts'
import { createQueryClient } from './lib/query-client.ts'

/** SPEC §7: a 401 on any call removes the token and sends the user to /login unless already there. */
function UnauthorizedBridge() {
  const { clearSession } = useAuth()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const pathRef = useRef(pathname)
  pathRef.current = pathname
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearSession()
      if (pathRef.current !== '/login') void navigate('/login')
    })
  }, [clearSession, navigate])
  return null
}

// Arabic texts are bundled (ready at once); a saved English choice waits for its chunk, so no key is shown.
void i18nReady.then(() => {
  const queryClient = createQueryClient()
  prefetchCatalog(queryClient, window.location)
  const root = createRoot(document.getElementById('root')!)
  // Issue 7: the first render as a transition, so React renders it in slices between which the browser can
  // answer the user, instead of one long task on a slow phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders queryClient={queryClient}>
            <UnauthorizedBridge />
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    ),
  )
  // Validation texts for forms and the table of the other routes, fetched once the first screen has painted
  // (lib/i18n.ts, app/router.tsx).
  const prefetch = () =>
    setTimeout(() => {
      void loadSharedMessages()
      prefetchRoutes()
    }, 1000)
  if (document.readyState === 'complete') prefetch()
  else window.addEventListener('load', prefetch, { once: true })
})
