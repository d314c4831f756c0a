import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, CircleOff, MapPin, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useBackFromEmptiedPage } from '../../../lib/use-back-from-emptied-page.ts'
import { useTranslation } from 'react-i18next'
import { refreshDashboard } from '../../../lib/query-client.ts'
import { toast } from '../../../lib/toast.ts'
import type { City } from '@shop/shared/schemas/city'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import { Badge } from '../../../components/ui/badge.tsx'
import { BatchBar, runBatch } from '../../../components/ui/batch-bar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { CsvImportActions } from '../../../components/ui/csv-import.tsx'
import { DataTable, type DataColumnSpec } from '../../../components/ui/data-table.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageSizeSelect } from '../../../components/ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { StatusPill } from '../../../components/ui/status-pill.tsx'
import {
  cityListQuery,
  deleteCity,
  downloadCitySample,
  importCities,
  setCityStatus,
} from '../api/cities-api.ts'
import { CityFormDialog } from './city-form-dialog.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'

const NO_ROWS: City[] = []
type Batch = 'activate' | 'deactivate' | 'delete'

/** SPEC §2 dashboard cities. */
export function CitiesScreen() {
  const { t } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [form, setForm] = useState<{ open: boolean; city: City | null }>({ open: false, city: null })
  const [toDelete, setToDelete] = useState<City | null>(null)
  const [confirmBatchDelete, setConfirmBatchDelete] = useState(false)
  const [busy, setBusy] = useState<'batch' | 'delete' | null>(null)
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set())
  const list = useQuery(cityListQuery({ search, page, per_page: perPage }))
  const rows = list.data?.data ?? NO_ROWS
  // SPEC §4: a change here may show on other dashboard screens, so every dashboard query goes stale.
  const refresh = () => refreshDashboard(queryClient)
  // Deleting the last rows of the last page leaves this page empty although others still have rows:
  // move to the (new) last page instead of showing the empty state without a pager.
  const emptiedPage = useBackFromEmptiedPage(page, setPage, list, () => setSelected(new Set()))

  const changeParams = (next: { search?: string; page?: number; perPage?: number }) => {
    if (next.search !== undefined) setSearch(next.search)
    if (next.perPage !== undefined) setPerPage(next.perPage)
    setPage(next.page ?? 1)
    setSelected(new Set())
  }
  const selectedIds = rows.filter((r) => selected.has(r.id)).map((r) => r.id)

  const toggle = async (c: City) => {
    setToggling((s) => new Set(s).add(c.id))
    try {
      await setCityStatus(c.id, !c.is_active)
      await refresh()
    } catch (err) {
      toast.error(t('common.update_failed', { message: (err as Error).message }))
    } finally {
      setToggling((s) => {
        const next = new Set(s)
        next.delete(c.id)
        return next
      })
    }
  }

  const batch = async (kind: Batch) => {
    setBusy('batch')
    try {
      const outcome = await runBatch(selectedIds, (id) =>
        kind === 'delete' ? deleteCity(id) : setCityStatus(id, kind === 'activate'),
      )
      await refresh()
      if (outcome.failed === 0) toast.success(t('batch.done', { count: outcome.ok }))
      else toast.error(t('batch.partial', { ok: outcome.ok, failed: outcome.failed }))
      setSelected(new Set())
      setConfirmBatchDelete(false)
    } finally {
      setBusy(null)
    }
  }

  const remove = async (c: City) => {
    setBusy('delete')
    try {
      await deleteCity(c.id)
      await refresh()
      toast.success(t('cities.deleted', { name: c.name }))
      setToDelete(null)
    } catch (err) {
      toast.error(t('common.delete_failed', { message: (err as Error).message }))
    } finally {
      setBusy(null)
    }
  }

  const columns: DataColumnSpec<City>[] = [
    {
      id: 'name',
      header: t('cities.name'),
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
          <Badge tone="gray">{t('cities.cod_off')}</Badge>
        ) : c.cod_max_total !== null ? (
          <span className="text-sm text-stone-700">
            {t('cities.cod_up_to')} <Money value={c.cod_max_total} />
          </span>
        ) : (
          <Badge tone="green">{t('cities.cod_on')}</Badge>
        ),
    },
    {
      id: 'status',
      header: t('cities.status'),
      cell: (c) => (
        <StatusPill
          active={c.is_active}
          busy={toggling.has(c.id)}
          label={c.is_active ? t('status.active') : t('status.inactive')}
          actionLabel={c.is_active ? t('status.deactivate') : t('status.activate')}
          onToggle={() => void toggle(c)}
        />
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-24',
      cell: (c) => (
        <div className="flex gap-1">
          <IconButton
            label={t('cities.edit_named', { name: c.name })}
            icon={<Pencil aria-hidden="true" />}
            tone="primary"
            onClick={() => setForm({ open: true, city: c })}
          />
          <IconButton
            label={t('cities.delete_named', { name: c.name })}
            icon={<Trash2 aria-hidden="true" />}
            tone="danger"
            onClick={() => setToDelete(c)}
          />
        </div>
      ),
    },
  ]

  const add = () => setForm({ open: true, city: null })
  let content
  // Also while moving back from an emptied last page.
  if (list.isPending || emptiedPage)
    content = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (list.isError)
    content = (
      <ErrorState
        title={t('cities.load_failed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    )
  else if (rows.length === 0)
    content = search ? (
      <EmptyState
        title={t('cities.no_results')}
        action={
          <Button variant="secondary" onClick={() => changeParams({ search: '' })}>
            {t('common.clear_search')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<MapPin className="size-10" aria-hidden="true" />}
        title={t('cities.empty')}
        action={
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={add}>
            {t('cities.add')}
          </Button>
        }
      />
    )
  else
    content = (
      <>
        <BatchBar
          count={selectedIds.length}
          busy={busy === 'batch'}
          onClear={() => setSelected(new Set())}
          actions={[
            {
              key: 'activate',
              label: t('batch.activate'),
              icon: <CheckCircle2 className="size-4" aria-hidden="true" />,
              onClick: () => void batch('activate'),
            },
            {
              key: 'deactivate',
              label: t('batch.deactivate'),
              icon: <CircleOff className="size-4" aria-hidden="true" />,
              onClick: () => void batch('deactivate'),
            },
            {
              key: 'delete',
              label: t('batch.delete'),
              tone: 'danger',
              icon: <Trash2 className="size-4" aria-hidden="true" />,
              onClick: () => setConfirmBatchDelete(true),
            },
          ]}
        />
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(c) => c.id}
          caption={t('cities.title')}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (c) => t('batch.select_row', { name: c.name }),
            allLabel: t('batch.select_all'),
          }}
        />
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <ShowingLine page={page} perPage={perPage} total={list.data.total} count={rows.length} />
          <Pagination
            page={page}
            lastPage={list.data.last_page}
            onPageChange={(p) => changeParams({ page: p })}
          />
        </div>
      </>
    )

  return (
    <div>
      <PageHeader
        title={t('cities.title')}
        actions={
          <>
            <CsvImportActions
              upload={importCities}
              downloadSample={downloadCitySample}
              onImported={() => void refresh()}
            />
            <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={add}>
              {t('cities.add')}
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label={t('cities.search')}
          value={search}
          onChange={(e) => changeParams({ search: e.target.value })}
        />
        <PageSizeSelect
          value={perPage}
          sizes={ADMIN_PAGE_SIZES}
          label={t('common:pagination.per_page')}
          onChange={(s) => changeParams({ perPage: s })}
        />
      </div>
      {content}
      <CityFormDialog
        open={form.open}
        city={form.city}
        onClose={() => setForm({ open: false, city: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={t('cities.delete_title')}
        message={t('cities.delete_confirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        busy={busy === 'delete'}
        onConfirm={() => toDelete && void remove(toDelete)}
      />
      <ConfirmDialog
        open={confirmBatchDelete}
        onOpenChange={setConfirmBatchDelete}
        title={t('batch.delete_title')}
        message={t('batch.delete_confirm', { count: selectedIds.length })}
        confirmLabel={t('common:actions.delete')}
        busy={busy === 'batch'}
        onConfirm={() => void batch('delete')}
      />
    </div>
  )
}
