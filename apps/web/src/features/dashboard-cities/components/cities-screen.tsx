import { MapPin } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { City } from '@shop/shared/schemas/city'
import { Badge } from '../../../components/ui/badge.tsx'
import { activeBatchActions, deleteBatchAction } from '../../../components/data-list/batch-actions.tsx'
import { actionsColumn, activeColumn, EditDeleteButtons } from '../../../components/data-list/columns.tsx'
import { ConfirmDeleteRow } from '../../../components/data-list/confirm-row-action.tsx'
import { ListScreen } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDeleteRow, useToggleActive } from '../../../components/data-list/row-actions.ts'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { Money } from '../../../components/ui/money.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'
import { useActiveCities } from '../../../lib/active-cities.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import {
  cityListQuery,
  deleteCity,
  downloadCitySample,
  importCities,
  setCityStatus,
  useOnlinePaymentOffered,
} from '../api/cities-api.ts'
import { CityFormDialog } from './city-form-dialog.tsx'

/** Dashboard cities (product.md §2.18): the list, its batch actions, the city form and the CSV import. */
export function CitiesScreen() {
  const { t } = useTranslation('dashboard')
  const [form, setForm] = useState<{ open: boolean; city: City | null }>({ open: false, city: null })
  const list = useDataList({
    query: cityListQuery,
    getRowId: (c) => c.id,
    batch: {
      invalidates: changedBy.city,
      actions: [
        ...activeBatchActions<City>(t, (c, active) => setCityStatus(c.id, active)),
        deleteBatchAction<City>(t, (c) => deleteCity(c.id)),
      ],
    },
  })
  const toggle = useToggleActive<City>(setCityStatus, changedBy.city)
  const remove = useDeleteRow<City>(deleteCity, changedBy.city, (c) => t('cities.deleted', { name: c.name }))
  // Decision 0136: without an online method, a city's cash rule may leave its shoppers no way to pay.
  const online = useOnlinePaymentOffered()
  const noOnline = online.data === false
  // Every active city counts, not only the page on screen (the cities shoppers can choose at checkout); asked for
  // only when no online method can pay.
  const active = useActiveCities(noOnline)
  const anyDeadEnd =
    noOnline && (active.data ?? []).some((c) => c.cod_allowed === false || (c.cod_max_total ?? null) !== null)

  // The list's columns (product.md §2.18); a new column is one more entry here.
  const columns: DataColumn<City>[] = [
    {
      id: 'name',
      header: t('cities.name'),
      card: 'title',
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-2">
          <bdi className="font-semibold text-stone-900">{c.name}</bdi>
          {c.name_en === null ? <EnglishMissing /> : null}
        </span>
      ),
    },
    {
      id: 'price',
      header: t('cities.delivery_price'),
      cell: (c) => <Money value={c.delivery_price} className="text-date-700" />,
    },
    {
      // Decision 0071: whether cash on delivery is offered, and up to which total.
      id: 'cod',
      header: t('cities.cod_column'),
      cell: (c) =>
        !c.cod_allowed ? (
          noOnline ? (
            <span className="flex flex-col items-start gap-1">
              <Badge tone="red">{t('cities.no_way_to_pay')}</Badge>
              <span className="text-xs text-stone-600">{t('cities.no_way_cod_off')}</span>
            </span>
          ) : (
            <Badge tone="gray">{t('cities.cod_off')}</Badge>
          )
        ) : c.cod_max_total !== null ? (
          <span className="flex flex-col items-start gap-1 text-sm text-stone-700">
            <span>
              {t('cities.cod_up_to')} <Money value={c.cod_max_total} />
            </span>
            {noOnline ? <Badge tone="amber">{t('cities.no_way_over_limit')}</Badge> : null}
          </span>
        ) : (
          <Badge tone="green">{t('cities.cod_on')}</Badge>
        ),
    },
    activeColumn<City>(t, t('cities.status'), {
      busy: (c) => toggle.isBusy(c) || list.isBusy(c),
      run: toggle.run,
    }),
    actionsColumn<City>(t, (c) => (
      <EditDeleteButtons
        editLabel={t('cities.edit_named', { name: c.name })}
        deleteLabel={t('cities.delete_named', { name: c.name })}
        onEdit={() => setForm({ open: true, city: c })}
        onDelete={() => remove.ask(c)}
      />
    )),
  ]

  return (
    <ListScreen
      title={t('cities.title')}
      description={
        anyDeadEnd ? (
          <span role="note" className="font-semibold text-red-800" data-testid="cities-no-way-warning">
            {t('cities.no_way_warning')}
          </span>
        ) : undefined
      }
      csvImport={{ upload: importCities, downloadSample: downloadCitySample, invalidates: changedBy.city }}
      add={{ label: t('cities.add'), onClick: () => setForm({ open: true, city: null }) }}
      searchLabel={t('cities.search')}
      list={list}
      columns={columns}
      rowName={(c) => c.name}
      loadFailed={t('cities.load_failed')}
      empty={{ title: t('cities.empty'), icon: <MapPin className="size-10" aria-hidden="true" /> }}
      noResults={{ title: t('cities.no_results') }}
    >
      <CityFormDialog
        open={form.open}
        city={form.city}
        onClose={() => setForm({ open: false, city: null })}
      />
      <ConfirmDeleteRow
        action={remove}
        title={t('cities.delete_title')}
        message={(c) => t('cities.delete_confirm', { name: c.name })}
      />
    </ListScreen>
  )
}
