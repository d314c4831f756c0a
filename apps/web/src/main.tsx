import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import './index.css'
import './lib/i18n.ts'
import { AppProviders } from './app/providers.tsx'
import { createRouter } from './app/router.tsx'
import { setUnauthorizedHandler } from './lib/api-client.ts'
import { useAuth } from './features/auth/auth-provider.tsx'

const router = createRouter()

/** SPEC §7: a 401 on any call removes the token and sends the user to /login unless already there. */
function UnauthorizedBridge() {
  const { clearSession } = useAuth()
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearSession()
      if (router.state.location.pathname !== '/login') void router.navigate('/login')
    })
  }, [clearSession])
  return null
}

function App() {
  const [r] = useState(router)
  return (
    <AppProviders>
      <UnauthorizedBridge />
      <RouterProvider router={r} />
    </AppProviders>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
