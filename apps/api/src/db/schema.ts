import * as catalog from './schema/catalog.ts'
import * as content from './schema/content.ts'
import * as delivery from './schema/delivery.ts'
import * as cities from './schema/cities.ts'
import * as orders from './schema/orders.ts'
import * as payments from './schema/payments.ts'
import * as promotions from './schema/promotions.ts'
import * as settings from './schema/settings.ts'
import * as team from './schema/team.ts'
import * as users from './schema/users.ts'
import * as whatsapp from './schema/whatsapp.ts'

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
  ...whatsapp,
  ...delivery,
}
export type Schema = typeof schema
