import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { CsvImportActions, type CsvImportProps } from '../ui/csv-import.tsx'
import { Select } from '../ui/field.tsx'
import { PageSizeSelect } from '../ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../ui/pagination.tsx'
import { SearchInput } from '../ui/search-input.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../ui/states.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { BatchBar } from './batch-bar.tsx'
import { DataTable, type DataColumn, type DataSummary } from './data-table.tsx'
import type { RowData } from '@tanstack/react-table'
import type { DataListState, ListFilter, ListPage, RowOf } from './use-data-list.ts'

/** A filter chosen from a list of options (the first is usually "all", the filter's starting value). */
export function selectFilter(label: string, options: { value: string; label: string }[]): ListFilter {
  return {
    initial: options[0]?.value ?? '',
    control: (value, set) => (
      <Select
        aria-label={label}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="w-auto min-w-40"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    ),
  }
}

/** Above a list: its search box, its filters, anything the screen adds (`children`), and the page size at the end. */
export function ListToolbar<P extends ListPage<RowData>, F extends Record<string, ListFilter>>({
  list,
  searchLabel,
  children,
}: {
  list: DataListState<P, F>
  /** Without it the list has no search box (sales). */
  searchLabel?: string
  children?: ReactNode
}) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      {searchLabel ? (
        <SearchInput
          label={searchLabel}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
        />
      ) : null}
      {Object.entries(list.filterDefs).map(([name, def]) =>
        def.control ? (
          <div key={name}>
            {def.control(list.filters[name as keyof F], (v) => list.setFilter(name as keyof F, v))}
          </div>
        ) : null,
      )}
      {children}
      {list.paged ? (
        <div className="ms-auto">
          <PageSizeSelect
            value={list.perPage}
            sizes={ADMIN_PAGE_SIZES}
            label={t('common:pagination.per_page')}
            onChange={list.setPerPage}
          />
        </div>
      ) : null}
    </div>
  )
}

export interface DataListProps<P extends ListPage<RowData>, F extends Record<string, ListFilter>> {
  list: DataListState<P, F>
  columns: DataColumn<RowOf<P>>[]
  /** The list's name for screen readers (the screen's title). */
  caption: string
  loadFailed: string
  /** Nothing at all yet: a friendly line and the next action (docs/ui.md §3). */
  empty: { title: ReactNode; text?: ReactNode; icon?: ReactNode; action?: ReactNode }
  /** Nothing matches the search or filters; a button clears them. */
  noResults?: { title: ReactNode; text?: ReactNode }
  /** Names a row for its selection checkbox. */
  rowName?: (row: RowOf<P>) => string
  summary?: DataSummary
}

/**
 * A dashboard list's four states (product.md §2.14, docs/ui.md §3): a skeleton while loading, the error with Try Again,
 * the empty state (or "no results" with a way back), and the rows with the batch bar, the "showing" line and the pager.
 */
export function DataList<P extends ListPage<RowData>, F extends Record<string, ListFilter>>({
  list,
  columns,
  caption,
  loadFailed,
  empty,
  noResults,
  rowName,
  summary,
}: DataListProps<P, F>) {
  const { t } = useTranslation('dashboard')
  const confirming = list.batch.confirming
  let content: ReactNode
  if (list.state === 'loading')
    content = (
      <div
        className="space-y-2 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4"
        aria-busy="true"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    )
  else if (list.state === 'error')
    content = (
      <ErrorState
        title={loadFailed}
        message={list.query.error?.message}
        onRetry={() => void list.query.refetch()}
      />
    )
  else if (list.state === 'empty')
    content = list.isFiltered ? (
      <EmptyState
        title={noResults?.title ?? empty.title}
        text={noResults?.text}
        icon={empty.icon}
        action={
          <Button variant="secondary" onClick={list.clearFilters}>
            {Object.keys(list.filterDefs).length === 0 ? t('common.clear_search') : t('common.clear_filters')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={empty.title} text={empty.text} icon={empty.icon} action={empty.action} />
    )
  else
    content = (
      <>
        {list.selectable ? (
          <BatchBar
            count={list.selectedRows.length}
            busy={list.batch.isPending}
            onClear={list.clearSelection}
            actions={list.batch.actions.map((a) => ({ ...a, onClick: () => list.batch.start(a) }))}
          />
        ) : null}
        <DataTable
          rows={list.rows}
          columns={columns}
          getRowId={list.getRowId}
          caption={caption}
          summary={summary}
          selection={
            list.selectable
              ? {
                  state: list.selection,
                  onChange: list.setSelection,
                  rowLabel: (row) =>
                    t('batch.select_row', { name: rowName?.(row) ?? String(list.getRowId(row)) }),
                  allLabel: t('batch.select_all'),
                }
              : undefined
          }
        />
        {list.paged ? (
          <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
            <ShowingLine
              page={list.page}
              perPage={list.perPage}
              total={list.total}
              count={list.rows.length}
            />
            <Pagination page={list.page} lastPage={list.lastPage} onPageChange={list.setPage} />
          </div>
        ) : null}
      </>
    )

  return (
    <>
      {content}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && list.batch.cancel()}
        title={confirming?.confirm?.title}
        message={confirming?.confirm?.message(list.selectedRows.length)}
        confirmLabel={confirming?.confirm?.label}
        busy={list.batch.isPending}
        onConfirm={list.batch.confirm}
      />
    </>
  )
}

export interface ListScreenProps<
  P extends ListPage<RowData>,
  F extends Record<string, ListFilter>,
> extends Omit<DataListProps<P, F>, 'caption'> {
  title: string
  description?: ReactNode
  /** More header actions (the sales export). */
  actions?: ReactNode
  /** The CSV import's header actions (product.md §10.6). */
  csvImport?: CsvImportProps
  /** The main action, last in the header (docs/ui.md §5) and, while nothing exists yet, in the empty state. */
  add?: { label: string; onClick(): void; emptyLabel?: string }
  /** Without it the list has no search box (sales). */
  searchLabel?: string
  /** More controls in the toolbar, after the filters (the sales dates). */
  toolbar?: ReactNode
  /** Between the header and the toolbar: what the screen's work depends on (issue 39: mail's state on orders). */
  banner?: ReactNode
  /** The screen's dialogs. */
  children?: ReactNode
}

/** A dashboard list screen: the page header, the toolbar, the list in its four states, and the screen's dialogs. */
export function ListScreen<P extends ListPage<RowData>, F extends Record<string, ListFilter>>({
  title,
  description,
  actions,
  csvImport,
  add,
  searchLabel,
  toolbar,
  banner,
  children,
  ...list
}: ListScreenProps<P, F>) {
  const addButton = (label: string) =>
    add ? (
      <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={add.onClick}>
        {label}
      </Button>
    ) : null
  return (
    <div>
      <PageHeader
        title={title}
        description={description}
        actions={
          actions || csvImport || add ? (
            <>
              {actions}
              {csvImport ? <CsvImportActions {...csvImport} /> : null}
              {add ? addButton(add.label) : null}
            </>
          ) : undefined
        }
      />
      {banner}
      <ListToolbar list={list.list} searchLabel={searchLabel}>
        {toolbar}
      </ListToolbar>
      <DataList
        caption={title}
        {...list}
        empty={{
          ...list.empty,
          action: list.empty.action ?? (add ? addButton(add.emptyLabel ?? add.label) : undefined),
        }}
      />
      {children}
    </div>
  )
}
