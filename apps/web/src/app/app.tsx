import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { setUnauthorizedHandler } from '../lib/api-client.ts'
import { useAuth } from '../features/auth/auth-provider.tsx'
import { AppProviders } from './providers.tsx'
import { AppRoutes } from './router.tsx'

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

/**
 * A page the server rendered in another language than the one saved here (a choice made before the language cookie
 * existed) is hidden by index.html's first script and rendered afresh in the browser; shown once that render is on
 * screen.
 */
function FirstRenderDone() {
  useEffect(() => document.documentElement.classList.remove('ssr-stale'), [])
  return null
}

/**
 * The whole shop under a router: main.tsx puts it in a <BrowserRouter>, entry-server.tsx in a <StaticRouter>. One
 * tree for both, so the markup the server sends is the markup the browser hydrates (decision 29).
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <UnauthorizedBridge />
      <FirstRenderDone />
      <AppRoutes />
    </AppProviders>
  )
}
