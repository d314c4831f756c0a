import type { ReactNode } from 'react'
import { isRouteErrorResponse, Outlet } from 'react-router'
import { SiteFooter } from '../../features/layout/site-footer.tsx'
import { TopNav } from '../../features/layout/top-nav.tsx'
import { NotFoundPage } from '../not-found-page.tsx'
import { RouteErrorState } from '../route-error-boundary.tsx'
import type { Route } from './+types/public-layout'

/** product.md §2.2 public layout: the top bar, the screen, the footer. */
function PublicChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

export default function PublicLayout() {
  return (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  )
}

/** A storefront screen that cannot be shown keeps the shop around it: its 404 page, or a way to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicChrome>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <RouteErrorState />}
    </PublicChrome>
  )
}
