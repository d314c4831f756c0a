import { Outlet } from 'react-router'
import { TopNav } from '../../features/layout/top-nav.tsx'
import { LazyFooter } from '../../features/layout/lazy-footer.tsx'
import { RouteBoundary } from '../route-error-boundary.tsx'

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <LazyFooter />
    </div>
  )
}
