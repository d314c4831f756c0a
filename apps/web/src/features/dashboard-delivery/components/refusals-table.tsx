import { useTranslation } from 'react-i18next'

interface Row {
  id: number
  name: string
  delivered: number
  refused: number
  /** Refused ÷ (delivered + refused), 0 to 1. */
  rate: number
}

// Western digits and a point in both languages, as the shop's money (docs/ui.md §2).
const percent = (rate: number) =>
  new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(Number(rate) || 0)

const cell = 'px-3 py-2.5 text-start'

/**
 * How often boxes were refused at the door: delivered, refused and the refusal rate per city or per courier. Four
 * short columns fit a phone, so this stays a table there (a card per city would make a long page).
 */
export function RefusalsTable({
  title,
  nameHeader,
  rows,
}: {
  title: string
  nameHeader: string
  rows: Row[]
}) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="font-bold text-stone-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="rounded-md bg-white p-3 text-sm text-stone-600">{t('delivery.report.no_deliveries')}</p>
      ) : (
        <div className="overflow-x-auto rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-sand-100 text-stone-600">
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  {nameHeader}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('delivery.report.delivered')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('delivery.report.refused')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('delivery.report.rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-sand-200 hover:bg-sand-50">
                  <th scope="row" className={`${cell} font-semibold text-stone-900`}>
                    <bdi>{r.name}</bdi>
                  </th>
                  <td className={`${cell} ltr-nums tabular-nums`}>{r.delivered}</td>
                  <td className={`${cell} ltr-nums tabular-nums`}>{r.refused}</td>
                  <td className={`${cell} ltr-nums font-semibold tabular-nums`}>{percent(r.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
