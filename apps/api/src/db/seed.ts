import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { toCents, centsToDecimalString } from '@shop/shared/money/money'
import { buildTranslations, copyTranslated } from '@shop/shared/i18n/content'
import { isWholesale, unitPriceCents } from '@shop/shared/pricing/pricing'
import { hashPassword, verifyPassword } from '../lib/passwords.ts'
import { storeImage } from '../domain/images.ts'
import { newOrderNumber } from '../domain/order-number.ts'
import { firstFreeSlug, slugify } from '../domain/slug.ts'
import { assetsFolder } from '../paths.ts'
import type { Db } from './client.ts'
import { categories, products, variantPriceTiers } from './schema/catalog.ts'
import { loadVariantsOf, tiersInCents } from '../domain/sellable.ts'
import { systemActor } from '../domain/actor.ts'
import { insertPacks } from '../domain/stock.ts'
import { lineTranslations } from '../domain/order-lines.ts'
import { cities } from './schema/cities.ts'
import { shopContent } from './schema/content.ts'
import { orderItems, orderStatusHistory, orders } from './schema/orders.ts'
import { orderAdjustments, promotionUses, promotions } from './schema/promotions.ts'
import { allocate } from '@shop/shared/pricing/offers'
import { phoneKey } from '../domain/abuse-limits.ts'
import { settings } from './schema/settings.ts'
import { users } from './schema/users.ts'
import { seedContent, withoutDemoContent } from './seed-content.ts'
import { splitName } from '../domain/order-contact.ts'
import { seedCategories, seedCities, seedProducts, seedSettings } from './seed-data.ts'

/** The first admin's password when ADMIN_PASSWORD is not set (README). */
export const DEFAULT_ADMIN_PASSWORD = 'admin12345'

export interface SeedOptions {
  adminEmail: string
  adminPassword: string
  demoOrders: boolean
  /**
   * Decision 0225: false (SEED_DEMO=false) starts a real shop: settings, delivery cities and the admin only; no demo
   * products, categories, orders, customers, offers or farm texts.
   */
  demo?: boolean
  /** Seeding the catalogue can be skipped (tests build their own data). */
  catalogue?: boolean
}

/**
 * First start only, idempotent: the catalogue is seeded when the settings table is empty, the admin when
 * no staff account exists. A second start changes nothing.
 */
export async function seedDatabase(
  db: Db,
  options: SeedOptions,
): Promise<{ createdAdmin: boolean; seededCatalogue: boolean }> {
  let createdAdmin = false
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.role} in ('admin','super_admin')`)
    .limit(1)
  if (!staff) {
    await db
      .insert(users)
      .values({
        name: 'مدير المتجر',
        email: options.adminEmail.toLowerCase(),
        passwordHash: await hashPassword(options.adminPassword),
        role: 'super_admin',
        // Decision 0123: the README prints this password; the dashboard asks to change it until it is changed.
        mustChangePassword: options.adminPassword === DEFAULT_ADMIN_PASSWORD,
      })
      .onConflictDoNothing()
    createdAdmin = true
  } else if (options.adminPassword === DEFAULT_ADMIN_PASSWORD) {
    // Decision 0123: a shop started before the flag existed whose first admin still has the README's password.
    const [admin] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, options.adminEmail.toLowerCase()),
          eq(users.mustChangePassword, false),
        ),
      )
      .limit(1)
    if (admin && (await verifyPassword(admin.passwordHash, DEFAULT_ADMIN_PASSWORD)))
      await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, admin.id))
  }

  // Decision 0125: the landing page's texts are content the owner edits. A shop that showed them from the code before
  // (seeded earlier) gets them as its content once, so nothing disappears; an owner's saved content is never replaced.
  if (options.catalogue !== false)
    await db
      .insert(shopContent)
      .values({ id: 1, document: options.demo === false ? withoutDemoContent(seedContent) : seedContent })
      .onConflictDoNothing()

  const [anySetting] = await db.select({ id: settings.id }).from(settings).limit(1)
  if (anySetting || options.catalogue === false) return { createdAdmin, seededCatalogue: false }

  const imageIds = new Map<string, string>()
  const artFolder = join(assetsFolder, 'products')
  for (const file of readdirSync(artFolder).filter((f) => f.endsWith('.svg'))) {
    imageIds.set(
      file.replace(/\.svg$/, ''),
      await storeImage(db, readFileSync(join(artFolder, file)), { trusted: true }),
    )
  }

  await db.transaction(async (tx) => {
    // Decision 0067: new orders are mailed to the first admin until the owner sets the staff addresses.
    await tx.insert(settings).values(
      seedSettings.map((s) => ({
        key: s.key,
        description: s.description,
        value: s.key === 'notify_emails' ? options.adminEmail.toLowerCase() : s.value,
      })),
    )
    // Decision 0225: the demo catalogue only when the shop starts as the demo (SEED_DEMO, on by default).
    if (options.demo !== false) {
      const categoryRows = await tx
        .insert(categories)
        .values(
          seedCategories.map((c) => ({
            name: c.name,
            description: c.description,
            translations: buildTranslations({ en: { name: c.nameEn, description: c.descriptionEn } }),
            slug: c.slug,
            isActive: true,
            isDemo: true,
          })),
        )
        .returning({ id: categories.id, name: categories.name })
      const categoryId = new Map(seedCategories.map((c, i) => [c.key, categoryRows[i]!.id]))
      const slugs = new Set<string>()
      const slugOf = (name: string) => {
        const slug = firstFreeSlug(slugify(name, 'product'), slugs)
        slugs.add(slug)
        return slug
      }
      const productRows = await tx
        .insert(products)
        .values(
          seedProducts.map((p) => ({
            isDemo: true,
            slug: slugOf(p.nameEn || p.name),
            name: p.name,
            description: p.description,
            categoryId: categoryId.get(p.category) ?? null,
            isActive: p.active,
            imageId: imageIds.get(p.image) ?? null,
            attributes: { weight: p.weight, origin: p.origin },
            translations: buildTranslations({
              en: { name: p.nameEn, description: p.descriptionEn, weight: p.weightEn, origin: p.originEn },
            }),
          })),
        )
        .returning({ id: products.id })
      // Decision 0150: each demo product's packs in the shop's order, with their labels, codes, prices and stock.
      const packSeeds = seedProducts.flatMap((p, i) =>
        p.packs.map((pack, position) => ({ pack, productId: productRows[i]!.id, position })),
      )
      // The demo stock is each pack's opening balance in the stock ledger (decision 0191).
      const packRows = await insertPacks(
        tx,
        packSeeds.map(({ pack, productId, position }) => ({
          productId,
          position,
          label: pack.label,
          translations: buildTranslations({ en: { label: pack.labelEn } }),
          sku: pack.sku,
          retailPrice: Number(pack.retailPrice),
          retailBuyingPrice: Number(pack.retailBuyingPrice),
          wholesaleBuyingPrice: pack.wholesaleBuyingPrice === null ? null : Number(pack.wholesaleBuyingPrice),
          stock: pack.stock,
          isActive: pack.active ?? true,
          isAlwaysInStock: pack.alwaysInStock ?? false,
          weightGrams: pack.weightGrams ?? null,
          volumeMl: pack.volumeMl ?? null,
        })),
        systemActor('seed'),
      )
      const packId = new Map(packRows.map((r) => [`${r.productId}:${r.position}`, r.id]))
      const tiers = packSeeds.flatMap(({ pack, productId, position }) =>
        pack.tiers.map((t) => ({
          variantId: packId.get(`${productId}:${position}`)!,
          minQuantity: t.minQuantity,
          price: Number(t.price),
        })),
      )
      if (tiers.length) await tx.insert(variantPriceTiers).values(tiers)
    }
    await tx.insert(cities).values(
      seedCities.map((c) => ({
        name: c.name,
        translations: buildTranslations({ en: { name: c.nameEn } }),
        deliveryPrice: Number(c.deliveryPrice),
      })),
    )
  })

  if (options.demoOrders && options.demo !== false) {
    await seedDemoOffers(db)
    await seedDemoOrders(db)
  }
  return { createdAdmin, seededCatalogue: true }
}

/**
 * Decision 0181: the demo shop's offers. Only codes (a price changes when a shopper types one) and an automatic Eid
 * offer left switched off as an example to open and start: the demo catalogue's prices stay as listed.
 */
async function seedDemoOffers(db: Db) {
  const [dates] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'dates'))
  const [tripoli] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'طرابلس'))
  const en = (name: string) => buildTranslations({ en: { name } })
  // Decision 0225: every demo offer starts switched off, the codes too: a shopper cannot type WELCOME10 or FB15 into
  // a real shop until its owner chooses to switch them on.
  const demoOffers: (typeof promotions.$inferInsert)[] = [
    {
      code: 'WELCOME10',
      name: 'خصم الطلب الأول 10٪',
      translations: en('10% off your first order'),
      valueType: 'percentage',
      value: 10,
      target: 'order',
      firstOrderOnly: true,
      perCustomerLimit: 1,
      isActive: false,
    },
    {
      code: 'FB15',
      name: 'خصم 15 د.ل لمتابعي فيسبوك',
      translations: en('15 LYD off for our Facebook followers'),
      valueType: 'fixed',
      value: 15,
      target: 'order',
      minSubtotal: 100,
      usageLimit: 100,
      perCustomerLimit: 1,
      isActive: false,
    },
    {
      code: null,
      name: 'خصم العيد 10٪ على التمور',
      translations: en('Eid: 10% off all dates'),
      valueType: 'percentage',
      value: 10,
      target: 'products',
      categoryIds: dates ? [dates.id] : [],
      isActive: false,
    },
    {
      code: null,
      name: 'توصيل مجاني إلى طرابلس فوق 200 د.ل',
      translations: en('Free delivery in Tripoli over 200 LYD'),
      valueType: 'percentage',
      value: 100,
      target: 'delivery',
      minSubtotal: 200,
      cityIds: tripoli ? [tripoli.id] : [],
      combinable: true,
      isActive: false,
    },
  ]
  await db.insert(promotions).values(demoOffers.map((offer) => ({ ...offer, isDemo: true })))
}

/** Deterministic pseudo-random numbers, so every fresh shop shows the same demo history. */
function prng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const FIRST = [
  'أحمد',
  'محمد',
  'فاطمة',
  'خديجة',
  'علي',
  'سالم',
  'مريم',
  'عائشة',
  'يوسف',
  'نورية',
  'عبد الله',
  'هدى',
  'إبراهيم',
  'سعاد',
  'مصطفى',
]
const LAST = [
  'الورفلي',
  'المصراتي',
  'الزليتني',
  'الترهوني',
  'البرعصي',
  'الفيتوري',
  'القذافي',
  'الشريف',
  'بن علي',
  'السنوسي',
  'العبيدي',
  'الغرياني',
]

async function seedDemoOrders(db: Db) {
  const rand = prng(2018)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
  const shelf = await db.select().from(products).where(eq(products.isActive, true))
  const packs = await loadVariantsOf(
    db,
    shelf.map((p) => p.id),
  )
  // Every pack on sale of each active product (decision 0150): shoppers buy different sizes.
  const catalogue = shelf.flatMap((p) =>
    (packs.get(p.id) ?? []).filter((v) => v.isActive).map((variant) => ({ product: p, variant })),
  )
  const cityRows = await db.select().from(cities)
  const shopperHash = await hashPassword('shopper123')
  const shoppers = await db
    .insert(users)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        name: `${FIRST[i]} ${LAST[i]}`,
        email: `shopper${i + 1}@example.ly`,
        passwordHash: shopperHash,
        role: 'user' as const,
        isDemo: true,
        createdAt: new Date(Date.now() - (120 - i * 15) * 86_400_000),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.name, email: users.email })

  const [fb15] = await db.select().from(promotions).where(eq(promotions.code, 'FB15'))
  const now = Date.now()
  const count = 160
  for (let n = 0; n < count; n++) {
    const daysAgo = Math.floor((1 - (n / count) ** 0.8) * 120)
    const createdAt = new Date(now - daysAgo * 86_400_000 - Math.floor(rand() * 10) * 3_600_000)
    const shopper = rand() < 0.35 && shoppers.length > 0 ? pick(shoppers) : null
    // Decision 0214: a made-up customer's parts as drawn ('عبد الله' is one first name); a shopper's name split.
    const person = shopper ? splitName(shopper.name) : { firstName: pick(FIRST), lastName: pick(LAST) }
    const name = shopper?.name ?? `${person.firstName} ${person.lastName}`
    const city = pick(cityRows)
    // One line per pack; wholesale buyers reach one of the pack's breaks (the first, or a larger one).
    const lines = new Map<number, { sellable: (typeof catalogue)[number]; quantity: number }>()
    const itemCount = 1 + Math.floor(rand() * 3)
    for (let i = 0; i < itemCount; i++) {
      const sellable = pick(catalogue)
      const breaks = sellable.variant.tiers
      const wholesaleBuyer = rand() < 0.25 && breaks.length > 0
      const quantity = wholesaleBuyer
        ? pick(breaks).minQuantity + Math.floor(rand() * 4)
        : 1 + Math.floor(rand() * 3)
      lines.set(sellable.variant.id, { sellable, quantity })
    }
    let subtotal = 0
    let cost = 0
    const items = [...lines.values()].map(({ sellable, quantity }) => {
      const { product: p, variant: v } = sellable
      const line = { retailCents: toCents(v.retailPrice)!, tiers: tiersInCents(v), quantity }
      const wholesale = isWholesale(line)
      const unit = unitPriceCents(line)
      const unitCost =
        toCents(wholesale ? (v.wholesaleBuyingPrice ?? v.retailBuyingPrice) : v.retailBuyingPrice) ?? 0
      subtotal += unit * quantity
      cost += unitCost * quantity
      return {
        productId: p.id,
        productName: p.name,
        translations: lineTranslations(sellable),
        variantId: v.id,
        variantLabel: v.label,
        sku: v.sku,
        quantity,
        unitPrice: unit / 100,
        unitCost: unitCost / 100,
        isWholesale: wholesale,
        lineTotal: (unit * quantity) / 100,
        takesStock: !v.isAlwaysInStock,
      }
    })
    const r = rand()
    const status =
      daysAgo < 3
        ? r < 0.6
          ? 'pending'
          : 'processing'
        : r < 0.62
          ? 'completed'
          : r < 0.74
            ? 'processing'
            : r < 0.86
              ? 'pending'
              : 'cancelled'
    const payment =
      status === 'completed'
        ? 'paid'
        : status === 'cancelled'
          ? rand() < 0.5
            ? 'failed'
            : 'pending'
          : rand() < 0.3
            ? 'paid'
            : 'pending'
    const delivery = toCents(city.deliveryPrice)!
    // Decision 0181: some shoppers typed the Facebook code (15 LYD off from 100 LYD), spread over their lines.
    const withCode = fb15 !== undefined && n % 9 === 4 && subtotal >= 10_000
    const parts = withCode
      ? allocate(
          1500,
          items.map((i) => Math.round(i.lineTotal * 100)),
        )
      : items.map(() => 0)
    const discount = parts.reduce((a, b) => a + b, 0)
    const { id, orderNumber } = await newOrderNumber(db, createdAt)
    const phone = `+21891${String(1_000_000 + Math.floor(rand() * 8_999_999))}`
    // Drawn in the order the insert below drew them before, so the demo shop stays the same.
    const street = `شارع ${pick(['الجمهورية', 'عمر المختار', 'الاستقلال', 'النصر', 'الشط'])} ${1 + Math.floor(rand() * 90)}`
    const method = pick(['cash', 'cash', 'cash', 'massarat', 'paypal'] as const)
    const whatsapp = `+21892${String(1_000_000 + Math.floor(rand() * 8_999_999))}`
    // Decision 0214: the contact in parts and joined as the checkout joins it (the state is the city's name here).
    const contact = { ...person, whatsapp }
    await db.insert(orders).values({
      id,
      orderNumber,
      userId: shopper ? (shopper as { id: number }).id : null,
      customerName: name,
      customerEmail: shopper?.email ?? `customer${n + 1}@example.ly`,
      customerPhone: phone,
      shippingAddress: `${street}, ${city.name}, ${city.name}`,
      ...contact,
      addressLine: street,
      state: city.name,
      cityId: city.id,
      cityName: city.name,
      translations: copyTranslated(city.translations, 'name', 'city_name'),
      orderStatus: status,
      paymentStatus: payment,
      paymentMethod: method,
      notes: `WhatsApp: ${whatsapp}`,
      subtotal: subtotal / 100,
      deliveryPrice: delivery / 100,
      totalAmount: (subtotal - discount + delivery) / 100,
      discountTotal: discount / 100,
      totalCost: Number(centsToDecimalString(cost)),
      stockRestoredAt: status === 'cancelled' ? createdAt : null,
      isDemo: true,
      createdAt,
      updatedAt: createdAt,
    })
    const itemIds = await db
      .insert(orderItems)
      .values(items.map((i, k) => ({ ...i, discount: parts[k]! / 100, orderId: id })))
      .returning({ id: orderItems.id })
    if (withCode && fb15) {
      await db.insert(orderAdjustments).values(
        items.flatMap((_, k) =>
          parts[k]! > 0
            ? [
                {
                  orderId: id,
                  promotionId: fb15.id,
                  code: fb15.code,
                  label: fb15.name,
                  translations: copyTranslated(fb15.translations, 'name', 'label'),
                  target: 'items' as const,
                  orderItemId: itemIds[k]!.id,
                  amount: parts[k]! / 100,
                  createdAt,
                },
              ]
            : [],
        ),
      )
      await db.insert(promotionUses).values({
        promotionId: fb15.id,
        orderId: id,
        userId: shopper ? (shopper as { id: number }).id : null,
        phoneKey: phoneKey(phone),
        releasedAt: status === 'cancelled' ? createdAt : null,
        createdAt,
      })
      if (status !== 'cancelled')
        await db
          .update(promotions)
          .set({ usedCount: sql`${promotions.usedCount} + 1` })
          .where(eq(promotions.id, fb15.id))
    }
    await db.insert(orderStatusHistory).values({
      orderId: id,
      fromStatus: null,
      toStatus: 'pending',
      fromPaymentStatus: null,
      toPaymentStatus: 'pending',
      createdAt,
    })
    if (status !== 'pending' || payment !== 'pending') {
      await db.insert(orderStatusHistory).values({
        orderId: id,
        fromStatus: 'pending',
        toStatus: status,
        fromPaymentStatus: 'pending',
        toPaymentStatus: payment,
        createdAt: new Date(createdAt.getTime() + 86_400_000),
      })
    }
  }
}
