import { data } from 'react-router'
import { NotFoundPage } from '../not-found-page.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/not-found'

/** Any address the shop does not have: its 404 page, with the status a browser and a crawler see. */
export const loader = () => data(null, { status: 404 })

export const meta: Route.MetaFunction = ({ matches, location }) =>
  screenMeta(matches, location.pathname, 'errors.not_found_title', 'common')

export default function NotFoundRoute() {
  return <NotFoundPage />
}
