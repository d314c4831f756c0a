import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react'
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router'

/**
 * Issue 7 (storefront initial JS ≤ 120 KB gzip): react-router's own <Link>/<NavLink> carry framework-mode code
 * (prefetch links, view transitions, absolute-URL detection) that the shop never uses, and any one import anywhere
 * keeps it in the shared first-download chunk. These are the same client-side links on react-router's public hooks:
 * a plain <a href> (middle-click, open in new tab and no-JS keep working) whose left click navigates in the app.
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target })
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (!e.defaultPrevented) navigate(e)
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on exactly this path, not on the paths under it (like react-router's `end`). */
  end?: boolean
  className?: string | ((state: { isActive: boolean }) => string | undefined)
}

/** A Link that knows whether it points at the current page: `aria-current="page"` and an active class. */
export function NavLink({ end = false, className, to, ...rest }: NavLinkProps) {
  const { pathname: current } = useLocation()
  const target = useResolvedPath(to).pathname.toLowerCase()
  const here = current.toLowerCase()
  // Same rule as react-router: /dashboard is active on /dashboard/orders unless `end`; "/" only on "/".
  const isActive =
    here === target ||
    (!end &&
      target !== '/' &&
      here.startsWith(target) &&
      here.charAt(target.endsWith('/') ? target.length - 1 : target.length) === '/')
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive ? 'active' : ''].filter(Boolean).join(' ') || undefined
      }
    />
  )
}
