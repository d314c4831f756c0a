import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

/** GET /api/settings/public (docs/api.md): what the footer and the contact form show. */
export interface PublicSettings {
  site_name: string
  site_description: string
  contact_email: string
  contact_phone: string
  whatsapp_number: string
  address: string
  facebook_url: string
  instagram_url: string
  currency: string
  currency_symbol: string
}

export const publicSettingsKeys = { all: ['settings', 'public'] as const }

export const usePublicSettings = () =>
  useQuery({
    queryKey: publicSettingsKeys.all,
    queryFn: ({ signal }) => api<Partial<PublicSettings>>('/api/settings/public', { signal }),
    staleTime: 10 * 60_000,
  })
