import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { buildTranslations } from '@shop/shared/i18n/content'
import type { ProductInput, VariantInput } from '@shop/shared/schemas/product'
import type { Tx } from '../db/client.ts'
import { productVariants, variantPriceTiers, type VariantText } from '../db/schema/catalog.ts'
import { AppError } from '../lib/app-error.ts'
import { defaultVariant, type SellableVariant } from './sellable.ts'
import type { Language } from '@shop/shared/i18n/messages'
import type { Actor } from './actor.ts'
import { insertPacks, setStockCount } from './stock.ts'

// Decision 0150: how a product write reaches its packs. With `variants` the request says every pack (a stored pack
// it leaves out is removed: its order lines keep their label and SKU); without it the spec's fields set the default
// pack, so an old client and the CSV import keep working.

type TierInput = { min_quantity: number; price: number }

/** The columns of a pack from a validated VariantInput, but its stock (only the inventory module writes stock). */
const variantColumns = (v: VariantInput, position: number) => ({
  position,
  label: (v.label_ar ?? v.label ?? '').trim(),
  translations: buildTranslations<VariantText>({ en: { label: v.label_en } }),
  sku: v.sku,
  retailPrice: v.price,
  retailBuyingPrice: v.retail_buying_price,
  wholesaleBuyingPrice: v.wholesale_buying_price,
  isActive: v.is_active,
  isAlwaysInStock: v.is_always_in_stock,
  weightGrams: v.weight_grams,
  volumeMl: v.volume_ml,
  updatedAt: new Date(),
})

/**
 * The spec's fields as the default pack: the wholesale price and threshold replace its first break; the breaks the
 * owner set after that one stay when they are above the pair (a larger quantity at a lower price).
 */
export function specTiers(
  input: Pick<ProductInput, 'wholesale_price' | 'wholesale_threshold'>,
  stored: readonly { minQuantity: number; price: number }[],
): TierInput[] {
  const pair: TierInput[] =
    input.wholesale_price !== null && input.wholesale_threshold !== null
      ? [{ min_quantity: input.wholesale_threshold, price: input.wholesale_price }]
      : []
  // The pair replaces the stored first break (docs/api.md); only the breaks after that one can stay.
  const kept = pair.length
    ? [...stored]
        .sort((a, b) => a.minQuantity - b.minQuantity)
        .slice(1)
        .filter((t) => t.minQuantity > pair[0]!.min_quantity && t.price < pair[0]!.price)
        .map((t) => ({ min_quantity: t.minQuantity, price: t.price }))
    : []
  return [...pair, ...kept]
}

function defaultPackFromSpecFields(input: ProductInput, current: SellableVariant | undefined): VariantInput {
  return {
    id: current?.id,
    label_ar: current?.label ?? '',
    label: undefined,
    label_en: current?.translations?.en?.label ?? '',
    sku: input.sku,
    price: input.price as number,
    tiers: specTiers(input, current?.tiers ?? []),
    retail_buying_price: input.retail_buying_price,
    wholesale_buying_price: input.wholesale_buying_price,
    stock: input.stock,
    stock_based_on: input.stock_based_on,
    is_active: current?.isActive ?? true,
    is_always_in_stock: input.is_always_in_stock,
    weight_grams: current?.weightGrams ?? null,
    volume_ml: current?.volumeMl ?? null,
  }
}

/** 422 on the pack's SKU when another product's pack (not archived) has it, any case (decision 0116). */
async function assertSkusFree(tx: Tx, productId: number | null, packs: VariantInput[], named: boolean) {
  const skus = packs.map((p) => p.sku?.toLowerCase()).filter((s): s is string => !!s)
  if (skus.length === 0) return
  const taken = await tx
    .select({ sku: sql<string>`lower(${productVariants.sku})` })
    .from(productVariants)
    .where(
      and(
        inArray(sql`lower(${productVariants.sku})`, skus),
        isNull(productVariants.archivedAt),
        productId === null ? undefined : ne(productVariants.productId, productId),
      ),
    )
  if (taken.length === 0) return
  const used = new Set(taken.map((t) => t.sku))
  const fields: Record<string, string[]> = {}
  packs.forEach((p, i) => {
    if (p.sku && used.has(p.sku.toLowerCase()))
      fields[named ? `variants.${i}.sku` : 'sku'] = ['validation.sku_taken']
  })
  throw new AppError('VALIDATION_FAILED', 422, { fields })
}

/**
 * Writes a product's packs in the caller's transaction: creates, updates and removes them and rewrites their breaks.
 * `current` are the product's stored packs (none for a new product). A new pack's stock is its opening balance; a
 * stored pack's stock is a count by `actor` (decision 0218): with `stock_based_on` equal to `stock` the form did not
 * change it and the stock is left as it is now (a sale since the form was opened is kept); a different count is set
 * only if the stock is still `stock_based_on` (409 STOCK_CHANGED, naming the pack in `lang`). Without it (an older
 * client) the count is written as given.
 */
export async function writeVariants(
  tx: Tx,
  productId: number,
  input: ProductInput,
  current: SellableVariant[],
  actor: Actor,
  lang: Language = 'ar',
): Promise<void> {
  const named = input.variants !== undefined
  const packs = input.variants ?? [defaultPackFromSpecFields(input, defaultVariant(current))]
  await assertSkusFree(tx, productId, packs, named)
  const currentIds = new Set(current.map((v) => v.id))
  const keptIds = new Set<number>()
  const kept: { id: number; pack: VariantInput; columns: ReturnType<typeof variantColumns> }[] = []
  const added: { index: number; pack: VariantInput; columns: ReturnType<typeof variantColumns> }[] = []
  // Removed packs first, so their SKUs are free for the packs that follow.
  const given = new Set(packs.flatMap((p) => (p.id !== undefined && currentIds.has(p.id) ? [p.id] : [])))
  const removed = [...currentIds].filter((id) => named && !given.has(id))
  if (removed.length) await tx.delete(productVariants).where(inArray(productVariants.id, removed))
  for (const [index, pack] of packs.entries()) {
    // Without `variants` the default pack keeps its place; with it, the order given is the shop's order.
    const position = named ? index : (defaultVariant(current)?.position ?? 0)
    const columns = variantColumns(pack, position)
    if (pack.id !== undefined && currentIds.has(pack.id) && !keptIds.has(pack.id)) {
      keptIds.add(pack.id)
      kept.push({ id: pack.id, pack, columns })
    } else added.push({ index, pack, columns })
  }
  // Stored packs in ascending id order, the one lock order of every stock writer (domain/stock.ts).
  const productName = (lang === 'en' && input.name_en) || input.name_ar
  for (const { id, pack, columns } of kept.sort((a, b) => a.id - b.id)) {
    await tx.update(productVariants).set(columns).where(eq(productVariants.id, id))
    if (pack.stock_based_on !== undefined && pack.stock === pack.stock_based_on) continue
    const label = (lang === 'en' && pack.label_en) || (pack.label_ar ?? pack.label ?? '')
    await setStockCount(
      tx,
      { productId, variantId: id, name: label ? `${productName} – ${label}` : productName },
      pack.stock,
      pack.stock_based_on,
      { actor, reason: 'count_correction' },
    )
  }
  const inserted = await insertPacks(
    tx,
    added.map(({ pack, columns }) => ({ ...columns, productId, stock: pack.stock })),
    actor,
  )
  const written = [
    ...kept.map((k) => ({ id: k.id, tiers: k.pack.tiers })),
    ...added.map((a) => ({
      id: inserted.find((r) => r.position === a.columns.position)!.id,
      tiers: a.pack.tiers,
    })),
  ]
  const ids = written.map((w) => w.id)
  await tx.delete(variantPriceTiers).where(inArray(variantPriceTiers.variantId, ids))
  const tiers = written.flatMap((w) =>
    w.tiers.map((t) => ({ variantId: w.id, minQuantity: t.min_quantity, price: t.price })),
  )
  if (tiers.length) await tx.insert(variantPriceTiers).values(tiers)
}
