import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.ts'
import { splitAddress, splitName, splitNotes } from '../../src/domain/order-contact.ts'
import { migrateTo, openEmptyDatabase, query } from './old-schema.ts'

// Decision 0214: migration 0027 splits the orders placed before it by the rules the API splits a spec payload by
// (domain/order-contact.ts). The same texts through both must give the same parts, on PGlite and on PostgreSQL.

interface Case {
  name: string
  address: string
  notes: string | null
  city: string | null
  cityEn?: string
}
const CASES: Case[] = [
  // As the checkout joined them: "first last", "address, city, state", "WhatsApp: <number>".
  {
    name: 'سالم الزوي',
    address: 'شارع عمر المختار, طرابلس, سوق الجمعة',
    notes: 'WhatsApp: 0912345678',
    city: 'طرابلس',
    cityEn: 'Tripoli',
  },
  {
    name: 'محمد أحمد الفيتوري',
    address: 'شارع جمال, عمارة 5, بنغازي, الصابري',
    notes: 'WhatsApp: +218 91 555 1234',
    city: 'بنغازي',
  },
  // Placed in English: the address names the city in English.
  {
    name: 'Salem Zawi',
    address: 'Street 9, Tripoli, Center',
    notes: 'WhatsApp: 0921112233',
    city: 'طرابلس',
    cityEn: 'Tripoli',
  },
  // The spec way: one word, no state, no WhatsApp number, only the city, a city with a comma.
  { name: 'هدى', address: 'شارع النصر, مصراتة', notes: '', city: 'مصراتة', cityEn: 'Misrata' },
  { name: 'عميل', address: 'طرابلس', notes: null, city: 'طرابلس' },
  {
    name: 'A B',
    address: 'Road 1, Zawiya, West, Old Town',
    notes: 'call first\nWhatsApp: ٠٩١٢٣٤٥٦٧٨',
    city: 'Zawiya, West',
  },
  { name: '  Lone  ', address: 'a, b, c, d', notes: 'whatsapp:0911111111 ring twice', city: null },
  { name: 'n', address: 'only an address', notes: 'WhatsApp: abc', city: null },
  { name: 'عبد الله الورفلي', address: 'x, y', notes: 'WhatsApp: (091) 234-5678', city: 'سبها' },
  {
    name: 'x',
    address: 'Street, Sabha, Sabha',
    notes: 'WhatsApp: 0911111111\nWhatsApp: 0922222222',
    city: 'سبها',
    cityEn: 'Sabha',
  },
]

let database: Database
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ database, drop } = await openEmptyDatabase())
  await migrateTo(database, 26)
  for (const [i, c] of CASES.entries()) {
    await query(
      database,
      `INSERT INTO orders (order_number, customer_name, customer_email, customer_phone, shipping_address, city_name,
         translations, notes, subtotal, total_amount)
       VALUES ($1, $2, 'a@example.ly', '0910000000', $3, $4, $5, $6, 10, 10)`,
      [
        `SPLIT-${i}`,
        c.name,
        c.address,
        c.city,
        JSON.stringify(c.cityEn ? { en: { city_name: c.cityEn } } : {}),
        c.notes,
      ],
    )
  }
  await migrateTo(database)
}, 120_000)
afterAll(async () => {
  await drop?.()
})

describe('migration 0027', () => {
  it('splits every order as the API splits a spec payload, and keeps the texts', async () => {
    const rows = await query<Record<string, string | null>>(
      database,
      `SELECT customer_name, shipping_address, notes, first_name, last_name, whatsapp, address_line, state,
         customer_notes FROM orders ORDER BY order_number`,
    )
    expect(rows).toHaveLength(CASES.length)
    for (const [i, c] of CASES.entries()) {
      const row = rows.find((r) => r.customer_name === c.name && r.shipping_address === c.address)!
      expect(row, `case ${i}`).toEqual({
        customer_name: c.name,
        shipping_address: c.address,
        notes: c.notes,
        ...snake({
          ...splitName(c.name),
          ...splitAddress(c.address, [c.city, c.cityEn]),
          ...splitNotes(c.notes),
        }),
      })
    }
  })

  it('reverses the checkout’s join', () => {
    expect(splitName('سالم الزوي')).toEqual({ firstName: 'سالم', lastName: 'الزوي' })
    expect(splitName('هدى')).toEqual({ firstName: 'هدى', lastName: '' })
    expect(splitAddress('شارع جمال, عمارة 5, بنغازي, الصابري', ['بنغازي'])).toEqual({
      addressLine: 'شارع جمال, عمارة 5',
      state: 'الصابري',
    })
    expect(splitAddress('Street 9, Tripoli, Center', ['طرابلس', 'Tripoli'])).toEqual({
      addressLine: 'Street 9',
      state: 'Center',
    })
    expect(splitAddress('شارع النصر, مصراتة', ['مصراتة'])).toEqual({ addressLine: 'شارع النصر', state: '' })
    expect(splitAddress('طرابلس', ['طرابلس'])).toEqual({ addressLine: '', state: '' })
    expect(splitAddress('Road 1, Zawiya, West, Old Town', ['Zawiya, West'])).toEqual({
      addressLine: 'Road 1',
      state: 'Old Town',
    })
    expect(splitAddress('a, b, c, d', [null])).toEqual({ addressLine: 'a, b', state: 'd' })
    expect(splitNotes('WhatsApp: +218 91 555 1234')).toEqual({
      whatsapp: '+218 91 555 1234',
      customerNotes: '',
    })
    expect(splitNotes('call first\nWhatsApp: 0912345678')).toEqual({
      whatsapp: '0912345678',
      customerNotes: 'call first',
    })
    expect(splitNotes('WhatsApp: abc')).toEqual({ whatsapp: '', customerNotes: 'WhatsApp: abc' })
  })
})

const snake = (p: Record<string, string>) => ({
  first_name: p.firstName,
  last_name: p.lastName,
  whatsapp: p.whatsapp,
  address_line: p.addressLine,
  state: p.state,
  customer_notes: p.customerNotes,
})
