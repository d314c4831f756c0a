import { useRouteLoaderData } from 'react-router'
import type { PublicSettings } from '@shop/shared/schemas/setting'
import type { loader as rootLoader } from '../root.tsx'

/** The shop's public settings (contact details, social links): the root route loads them with every page. */
export function useShopSettings(): Partial<PublicSettings> {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? {}
}
