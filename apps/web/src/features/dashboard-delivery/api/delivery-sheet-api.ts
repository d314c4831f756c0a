import i18n from '../../../lib/i18n.ts'
import { ApiError, apiUrl } from '../../../lib/api-client.ts'
import { getToken } from '../../../lib/storage.ts'

/**
 * GET /api/couriers/:id/delivery-sheet?date=YYYY-MM-DD: the printable sheet as HTML, in the dashboard's language. The
 * shared client reads JSON, so this asks with the same bearer token and Accept-Language and reads text.
 */
export async function fetchDeliverySheet(courierId: number, date: string): Promise<string> {
  const headers: Record<string, string> = {
    Accept: 'text/html',
    'Accept-Language': i18n.language || 'ar',
  }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(apiUrl(`/api/couriers/${courierId}/delivery-sheet`, { date }), { headers })
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('common:errors.network'))
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string }
    throw new ApiError(
      response.status,
      body.code ?? `HTTP_${response.status}`,
      body.message ?? i18n.t('common:errors.generic'),
    )
  }
  return response.text()
}

/** Today in the browser's calendar, as the date field wants it. */
export function todayString(now = new Date()): string {
  const pad = (v: number) => String(v).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
