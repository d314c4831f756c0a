import { queryOptions } from '@tanstack/react-query'
import type { Setting } from '@shop/shared/schemas/setting'
import { api } from '../../../lib/api-client.ts'

export const settingKeys = {
  all: ['dashboard', 'settings'] as const,
  list: () => ['dashboard', 'settings', 'list'] as const,
}

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingKeys.list(),
    queryFn: async ({ signal }): Promise<Setting[]> =>
      (await api<{ data: Setting[] }>('/api/settings', { signal })).data ?? [],
  })

/** SPEC §7: PUT /api/settings with the edited setting (id, key, description, value); no id in the path. */
export const updateSetting = (s: Setting) =>
  api<Setting>('/api/settings', {
    method: 'PUT',
    body: { id: s.id, key: s.key, description: s.description, value: s.value },
  })
