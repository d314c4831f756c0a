import { and, eq, inArray } from 'drizzle-orm'
import { formatMoney } from '@shop/shared/money/money'
import { translate, type Language } from '@shop/shared/i18n/messages'
import {
  SettlementLineInput,
  type SettlementInput,
  type SettlementResult,
} from '@shop/shared/schemas/delivery'
import type { Db, Tx } from '../../db/client.ts'
import { couriers, settlementLines, settlements, shipments } from '../../db/schema/delivery.ts'
import { orders } from '../../db/schema/orders.ts'
import { actorUserId, type Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'
import { applyStaffPaymentStatus } from '../../domain/payments.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { assertColumns, parseCsv } from '../../lib/csv.ts'
import { setOrderCourierFee } from './shipments.service.ts'

// Issue 42 (decision 0237): the cash a courier brings back. A courier company pays in settlements (a file or lines:
// per parcel what it collected and its fee); an own driver hands the cash over for the deliveries it names. A line
// that matches a delivered, unsettled shipment of that courier, with the amount it collected, settles it, and only
// then is the order's payment `paid`. A line that does not match settles nothing and says why.

type Line = { line: number; order_number?: string; tracking_number?: string; collected: number; fee?: number }
const cents = (n: number) => Math.round(n * 100)

/** Marks the order paid (a cash collection by the staff member who records the settlement) when it had cash to collect. */
async function markPaid(tx: Tx, actor: Actor, orderId: number, lang: Language) {
  const order = await lockOrder(tx, orderId)
  if (!order || order.paymentStatus === 'paid') return
  const paymentStatus = await applyStaffPaymentStatus(tx, order, 'paid', actorUserId(actor)!)
  await moveOrder(tx, actor, order, { name: 'payment_changed', paymentStatus, lang })
}

async function settleLines(
  tx: Tx,
  actor: Actor,
  courierId: number,
  source: 'file' | 'lines',
  lines: Line[],
  lang: Language,
): Promise<SettlementResult> {
  const [settlement] = await tx
    .insert(settlements)
    .values({ courierId, source, createdBy: actorUserId(actor) })
    .returning({ id: settlements.id })
  const result: SettlementResult = {
    id: settlement!.id,
    courier_id: courierId,
    amount: 0,
    matched: [],
    mismatches: [],
  }
  let paid = 0
  for (const l of lines) {
    const by = l.order_number
      ? eq(orders.orderNumber, l.order_number)
      : eq(shipments.trackingNumber, l.tracking_number!)
    const [found] = await tx
      .select({ s: shipments, number: orders.orderNumber })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(and(eq(shipments.courierId, courierId), by))
      .for('update', { of: shipments })
    const ref = {
      order_number: l.order_number ?? found?.number ?? null,
      tracking_number: l.tracking_number ?? null,
    }
    const record = async (outcome: string, extra: { expected?: number; got?: number } = {}) =>
      tx.insert(settlementLines).values({
        settlementId: settlement!.id,
        line: l.line,
        orderNumber: ref.order_number,
        trackingNumber: ref.tracking_number,
        collected: l.collected,
        fee: l.fee ?? null,
        shipmentId: found?.s.id ?? null,
        outcome,
        expected: extra.expected ?? null,
        got: extra.got ?? null,
      })
    if (!found) {
      result.mismatches.push({ line: l.line, kind: 'unknown', ...ref })
      await record('unknown')
      continue
    }
    const s = found.s
    if (s.settlementId !== null) {
      result.mismatches.push({ line: l.line, kind: 'already_settled', ...ref })
      await record('already_settled')
      continue
    }
    if (s.status !== 'delivered') {
      result.mismatches.push({ line: l.line, kind: 'not_delivered', ...ref })
      await record('not_delivered')
      continue
    }
    const expected = s.collectedAmount ?? s.codAmount
    if (cents(l.collected) !== cents(expected)) {
      const kind = cents(l.collected) < cents(expected) ? 'short' : 'over'
      result.mismatches.push({ line: l.line, kind, ...ref, expected, got: l.collected })
      await record(kind, { expected, got: l.collected })
      continue
    }
    const fee = l.fee ?? s.fee
    await tx
      .update(shipments)
      .set({ settlementId: settlement!.id, settledAt: new Date(), fee, updatedAt: new Date() })
      .where(eq(shipments.id, s.id))
    if (cents(fee) !== cents(s.fee)) await setOrderCourierFee(tx, s.orderId, fee)
    await record('matched')
    paid += cents(l.collected) - cents(fee)
    result.matched.push({
      line: l.line,
      shipment_id: s.id,
      order_number: found.number,
      collected: l.collected,
      fee,
    })
    if (cents(expected) > 0) await markPaid(tx, actor, s.orderId, lang)
  }
  result.amount = paid / 100
  await tx.update(settlements).set({ amount: result.amount }).where(eq(settlements.id, settlement!.id))
  await recordAudit(tx, actor, {
    action: 'settlement.recorded',
    entity: 'settlement',
    entityId: settlement!.id,
    before: null,
    after: {
      courier_id: courierId,
      source,
      amount: result.amount,
      matched: result.matched.map((m) => m.order_number),
      mismatches: result.mismatches.map((m) => `${m.line}:${m.kind}`),
    },
  })
  return result
}

/**
 * An own driver hands over the cash of the deliveries it names: each must be this courier's, delivered and unsettled,
 * and `amount` must be what they collected (less fees, none for own drivers); otherwise nothing is settled.
 */
async function handover(
  tx: Tx,
  actor: Actor,
  courierId: number,
  amount: number,
  shipmentIds: number[],
  lang: Language,
): Promise<SettlementResult> {
  const rows = await tx
    .select({ s: shipments, number: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.courierId, courierId), inArray(shipments.id, shipmentIds)))
    .for('update', { of: shipments })
  const lines: Line[] = [...new Set(shipmentIds)].map((id, i) => {
    const row = rows.find((r) => r.s.id === id)
    return {
      line: i + 1,
      order_number: row?.number ?? `#${id}`,
      collected: row ? (row.s.collectedAmount ?? row.s.codAmount) : 0,
    }
  })
  const expected = rows
    .filter((r) => r.s.status === 'delivered' && r.s.settlementId === null)
    .reduce((sum, r) => sum + cents(r.s.collectedAmount ?? r.s.codAmount) - cents(r.s.fee), 0)
  if (cents(amount) !== expected)
    throw new AppError('HANDOVER_AMOUNT_MISMATCH', 422, {
      params: { got: formatMoney(amount), expected: formatMoney(expected / 100) },
      fields: { amount: ['errors.HANDOVER_AMOUNT_MISMATCH'] },
      extra: { expected: expected / 100, got: amount },
    })
  return settleLines(tx, actor, courierId, 'lines', lines, lang)
}

/** POST /api/settlements (JSON): lines of a courier's statement, or an own driver's hand-over. */
export async function recordSettlement(
  db: Db,
  actor: Actor,
  input: SettlementInput,
  lang: Language,
): Promise<SettlementResult> {
  return db.transaction(async (tx) => {
    const [courier] = await tx
      .select({ id: couriers.id })
      .from(couriers)
      .where(eq(couriers.id, input.courier_id))
    if (!courier) throw notFound()
    if ('amount' in input) return handover(tx, actor, courier.id, input.amount, input.shipment_ids, lang)
    return settleLines(
      tx,
      actor,
      courier.id,
      'lines',
      input.lines.map((l, i) => ({ ...l, line: i + 1 })),
      lang,
    )
  })
}

/**
 * POST /api/settlements (multipart: `courier_id` and a CSV `file` with the columns order_number or tracking_number,
 * collected, fee). A row that cannot be read (a missing reference, a figure that is not money) answers 422 with the
 * rows' errors, as imports do, and nothing is settled.
 */
export async function recordSettlementFile(
  db: Db,
  actor: Actor,
  courierId: number,
  text: string,
  lang: Language,
): Promise<SettlementResult> {
  const table = await parseCsv(text, 5000)
  if (!table.columns.includes('order_number') && !table.columns.includes('tracking_number'))
    assertColumns(table, ['order_number', 'collected'], 'order_number,collected,fee')
  assertColumns(table, ['collected'], 'order_number,collected,fee')
  const rowErrors: { row: number; field: string; message: string }[] = []
  const lines: Line[] = []
  for (const r of table.rows) {
    const cell = (k: string) => r.cells[k]?.trim() || undefined
    if (Object.values(r.cells).every((v) => v.trim() === '')) continue
    const parsed = SettlementLineInput.safeParse({
      order_number: cell('order_number'),
      tracking_number: cell('tracking_number'),
      collected: cell('collected') ?? '',
      fee: cell('fee'),
    })
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        rowErrors.push({
          row: r.row,
          field: String(issue.path[0] ?? 'row'),
          message: translate(lang, issue.message),
        })
    else lines.push({ ...parsed.data, line: r.row })
  }
  if (rowErrors.length > 0)
    throw new AppError('VALIDATION_FAILED', 422, {
      extra: { rows: rowErrors },
      fields: { file: ['validation.settlement_rows_invalid'] },
    })
  if (lines.length === 0) throw new AppError('CSV_EMPTY', 422)
  return db.transaction(async (tx) => {
    const [courier] = await tx.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId))
    if (!courier) throw notFound()
    return settleLines(tx, actor, courier.id, 'file', lines, lang)
  })
}
