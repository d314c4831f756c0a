import * as catalog from './schema/catalog.ts'
import * as content from './schema/content.ts'
import * as cities from './schema/cities.ts'
import * as orders from './schema/orders.ts'
import * as payments from './schema/payments.ts'
import * as promotions from './schema/promotions.ts'
import * as settings from './schema/settings.ts'
import * as team from './schema/team.ts'
import * as users from './schema/users.ts'

export const schema = {
  ...users,
  ...catalog,
  ...cities,
  ...orders,
  ...payments,
  ...promotions,
  ...settings,
  ...content,
  ...team,
}
export type Schema = typeof schema
