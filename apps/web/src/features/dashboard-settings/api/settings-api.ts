import { queryOptions } from '@tanstack/react-query'
import type { Setting } from '@shop/shared/schemas/setting'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

export const settingsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.settings.list(),
    queryFn: async ({ signal }): Promise<Setting[]> =>
      (await api<{ data: Setting[] }>('/api/settings', { signal })).data ?? [],
  })

/** product.md §7.2: PUT /api/settings with the edited setting (id, key, description, value); no id in the path. */
export const updateSetting = (s: Setting) =>
  api<Setting>('/api/settings', {
    method: 'PUT',
    body: { id: s.id, key: s.key, description: s.description, value: s.value },
  })
