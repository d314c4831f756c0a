import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { City } from '@shop/shared/schemas/city'
import { activeBatchActions, deleteBatchAction } from '../../../components/data-list/batch-actions.tsx'
import { ConfirmRowAction } from '../../../components/data-list/confirm-row-action.tsx'
import { DataList, ListToolbar } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CsvImportActions } from '../../../components/ui/csv-import.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { StatusPill } from '../../../components/ui/status-pill.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { cityListQuery, deleteCity, downloadCitySample, importCities, setCityStatus } from '../api/cities-api.ts'
import { CityFormDialog } from './city-form-dialog.tsx'

const icon = (Icon: typeof Plus) => <Icon className="size-4" aria-hidden="true" />

/** Dashboard cities (product.md §2.18): the list, its batch actions, the city form and the CSV import. */
export function CitiesScreen() {
  const { t } = useTranslation('dashboard')
  const [form, setForm] = useState<{ open: boolean; city: City | null }>({ open: false, city: null })
  const openForm = (city: City | null) => setForm({ open: true, city })

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
  const toggle = useRowAction({
    mutationFn: (c: City) => setCityStatus(c.id, !c.is_active),
    invalidates: changedBy.city,
    rowId: (c) => c.id,
    onError: (err) => toast.error(t('common.update_failed', { message: err.message })),
  })
  const remove = useRowAction({
    mutationFn: (c: City) => deleteCity(c.id),
    invalidates: changedBy.city,
    rowId: (c) => c.id,
    onSuccess: (_r, c) => toast.success(t('cities.deleted', { name: c.name })),
    onError: (err) => toast.error(t('common.delete_failed', { message: err.message })),
  })

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
      id: 'status',
      header: t('cities.status'),
      card: 'status',
      cell: (c) => (
        <StatusPill
          active={c.is_active}
          busy={toggle.isBusy(c) || list.isBusy(c)}
          label={c.is_active ? t('status.active') : t('status.inactive')}
          actionLabel={c.is_active ? t('status.deactivate') : t('status.activate')}
          onToggle={() => toggle.run(c)}
        />
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-24',
      card: 'actions',
      cell: (c) => (
        <div className="flex gap-1">
          <IconButton
            label={t('cities.edit_named', { name: c.name })}
            icon={<Pencil aria-hidden="true" />}
            tone="primary"
            onClick={() => openForm(c)}
          />
          <IconButton
            label={t('cities.delete_named', { name: c.name })}
            icon={<Trash2 aria-hidden="true" />}
            tone="danger"
            onClick={() => remove.ask(c)}
          />
        </div>
      ),
    },
  ]
  const addButton = (
    <Button icon={icon(Plus)} onClick={() => openForm(null)}>
      {t('cities.add')}
    </Button>
  )

  return (
    <div>
      <PageHeader
        title={t('cities.title')}
        actions={
          <>
            <CsvImportActions upload={importCities} downloadSample={downloadCitySample} invalidates={changedBy.city} />
            {addButton}
          </>
        }
      />
      <ListToolbar list={list} searchLabel={t('cities.search')} />
      <DataList
        list={list}
        columns={columns}
        caption={t('cities.title')}
        rowName={(c) => c.name}
        loadFailed={t('cities.load_failed')}
        empty={{ title: t('cities.empty'), icon: <MapPin className="size-10" aria-hidden="true" />, action: addButton }}
        noResults={{ title: t('cities.no_results') }}
      />
      <CityFormDialog open={form.open} city={form.city} onClose={() => setForm({ open: false, city: null })} />
      <ConfirmRowAction
        action={remove}
        title={() => t('cities.delete_title')}
        message={(c) => t('cities.delete_confirm', { name: c.name })}
        confirmLabel={() => t('common:actions.delete')}
      />
    </div>
  )
}
