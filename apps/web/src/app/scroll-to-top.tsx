import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * A link to another screen opens it at its top (the declarative router has no scroll restoration of its own): without
 * this, a phone that placed an order from the bottom of the checkout form landed on the footer of the confirmation.
 * Not on back/forward (the browser puts the page back where it was), not for a /#section link (the landing page
 * scrolls to the section), not when only the query changes (search, filters and pages of /products keep their place).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const last = useRef(pathname)
  useLayoutEffect(() => {
    if (last.current === pathname) return
    last.current = pathname
    if (navigationType === 'POP' || hash) return
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname, hash, navigationType])
  return null
}
