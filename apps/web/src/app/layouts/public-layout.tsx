import { Outlet, useLocation } from 'react-router'
import { TopNav } from '../../features/layout/top-nav.tsx'
import { LazyFooter } from '../../features/layout/lazy-footer.tsx'
import { RouteBoundary } from '../route-error-boundary.tsx'

export function PublicLayout() {
  // The landing page's sections under the hero come on their own schedule (landing-page.tsx); its footer, below them
  // all, comes when it is near the screen. Elsewhere the footer is there once the first screen is done.
  const landing = useLocation().pathname === '/'
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <LazyFooter eager={!landing} />
    </div>
  )
}
