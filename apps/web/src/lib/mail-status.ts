import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MailStatus, MailTestInput, MailTestResult } from '@shop/shared/schemas/mail'
import { api } from './api-client.ts'
import { dashboardKeys } from './dashboard-keys.ts'

// Issue 39: the state of the shop's mail, shared by the screens that "send" (overview, orders, staff, settings); here
// rather than in a feature because features do not import each other (decision 0045).

export const mailStatusQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.mail.status(),
    queryFn: ({ signal }) => api<MailStatus>('/api/mail/status', { signal }),
    // A failing server can come back by itself: look again now and then while a screen shows it.
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

export const useMailStatus = () => useQuery(mailStatusQuery())

/**
 * Whether a mail written now reaches its reader: true only while mail works. Unknown (still loading, or the state
 * cannot be read) counts as working, so a screen says what it always said until the state is known.
 */
export function useMailWorks(): boolean {
  const { data } = useMailStatus()
  return data === undefined || data.state === 'working'
}

export const sendTestMail = (input: MailTestInput) =>
  api<MailTestResult>('/api/mail/test', { method: 'POST', body: input })
