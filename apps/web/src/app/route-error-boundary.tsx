import { Component, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { ErrorState } from '../components/ui/states.tsx'
import { FullPageSpinner } from '../components/ui/spinner.tsx'

function RouteErrorState() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState message={t('errors.generic')} onRetry={() => window.location.reload()} />
    </div>
  )
}

interface BoundaryState {
  failed: boolean
  resetKey: string
}

/**
 * A screen that failed to render or load (e.g. a lazy chunk gone after a deploy) offers a reload instead of a
 * blank page; navigating to another path (`resetKey`) renders normally again.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey }
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error(error)
  }

  override render() {
    return this.state.failed ? <RouteErrorState /> : this.props.children
  }
}

/**
 * Error boundary + Suspense around a layout's <Outlet>: lazy screens show a spinner on first load; later
 * navigations run in a transition (BrowserRouter), so the previous screen stays until the next one is ready.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </RouteErrorBoundary>
  )
}
