import type { TFunction } from 'i18next'
import { Link2, Pencil, Phone, Printer, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { telHref } from '@shop/shared/orders/phone'
import type { Courier } from '@shop/shared/schemas/delivery'
import { actionsColumn, activeColumn } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { dateTime } from '../../../lib/dates.ts'
import { linkWorks } from '../api/couriers-api.ts'

export type CourierAction = 'edit' | 'link' | 'account' | 'sheet'

/** The couriers list's columns (issue 42): who, how to reach them, their fee, their driver link, on or off. */
export function courierColumns(
  t: TFunction<'dashboard'>,
  language: string,
  toggle: { busy(c: Courier): boolean; run(c: Courier): void },
  open: (action: CourierAction, c: Courier) => void,
  /** delivery.manage: edit, links, sheets and switching on/off; without it (the accountant) the cash account only. */
  manages = true,
): DataColumn<Courier>[] {
  const action = (c: Courier, a: CourierAction, icon: ReactNode, label: string) => (
    <IconButton label={t(label, { name: c.name })} icon={icon} tone="primary" onClick={() => open(a, c)} />
  )
  return [
    {
      id: 'name',
      header: t('delivery.name'),
      card: 'title',
      cell: (c) => <bdi className="font-semibold text-stone-900">{c.name}</bdi>,
    },
    {
      id: 'kind',
      header: t('delivery.kind'),
      card: 'status',
      cell: (c) => (
        <Badge tone={c.kind === 'driver' ? 'palm' : 'honey'} className="whitespace-nowrap">
          {t(`delivery.kinds.${c.kind}`)}
        </Badge>
      ),
    },
    {
      id: 'phone',
      header: t('delivery.phone'),
      cell: (c) =>
        c.phone ? (
          <a
            href={telHref(c.phone)}
            className="inline-flex items-center gap-1 font-semibold text-palm-700 underline-offset-2 hover:underline"
            aria-label={t('delivery.call', { name: c.name, phone: c.phone })}
          >
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            <span className="ltr-nums whitespace-nowrap">{c.phone}</span>
          </a>
        ) : (
          <span className="text-stone-500">{t('delivery.no_phone')}</span>
        ),
    },
    {
      id: 'fee',
      header: t('delivery.fee'),
      cell: (c) =>
        c.kind === 'company' ? (
          <Money value={c.default_fee} className="text-date-700" />
        ) : (
          <span className="text-stone-500">{t('delivery.no_fee')}</span>
        ),
    },
    {
      id: 'link',
      header: t('delivery.link.column'),
      cell: (c) =>
        linkWorks(c) ? (
          <span className="text-green-800">
            {t('delivery.link.works_until', {
              date: dateTime(c.driver_link_expires_at!, language, { dateStyle: 'medium' }),
            })}
          </span>
        ) : (
          <span className="text-stone-500">{t(`delivery.link.none_${c.kind}`)}</span>
        ),
    },
    manages
      ? activeColumn<Courier>(t, t('delivery.status'), toggle)
      : {
          id: 'status',
          header: t('delivery.status'),
          card: 'status' as const,
          cell: (c: Courier) => (
            <Badge tone={c.is_active ? 'green' : 'gray'}>
              {c.is_active ? t('status.active') : t('status.inactive')}
            </Badge>
          ),
        },
    {
      ...actionsColumn<Courier>(t, (c) =>
        manages ? (
          <>
            {action(c, 'edit', <Pencil aria-hidden="true" />, 'delivery.edit_named')}
            {c.kind === 'driver' || linkWorks(c)
              ? action(c, 'link', <Link2 aria-hidden="true" />, 'delivery.link.open_named')
              : null}
            {action(c, 'account', <Wallet aria-hidden="true" />, 'delivery.account.open_named')}
            {action(c, 'sheet', <Printer aria-hidden="true" />, 'delivery.sheet.open_named')}
          </>
        ) : (
          action(c, 'account', <Wallet aria-hidden="true" />, 'delivery.account.open_named')
        ),
      ),
      className: 'w-40',
    },
  ]
}
