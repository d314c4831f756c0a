import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import type { RowData, RowSelectionState } from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import { toast } from '../../lib/toast.ts'
import { useBackFromEmptiedPage } from './use-back-from-emptied-page.ts'

/** What a list query answers: one page of rows (a whole list is one page) and the counts for the pager. */
export interface ListPage<Row> {
  data: Row[]
  total: number
  last_page: number
}

/**
 * One filter of a list: its starting value ("all") and, usually, the control that changes it (components/data-list's
 * `selectFilter`). A screen's filters are one object, so adding one is adding an entry (and its query parameter).
 */
export interface ListFilter {
  initial: string
  control?: (value: string, set: (value: string) => void) => ReactNode
}

export type FilterValues<F> = { [K in keyof F]: string }

/** What a list query is asked with: the search box, the page, the page size, and every filter's value by name. */
export type ListParams<V = object> = { search: string; page: number; per_page: number } & V

/** One call a batch makes per selected row (product.md §2.14, §7.3). */
export interface BatchAction<Row> {
  key: string
  label: string
  icon?: ReactNode
  tone?: 'secondary' | 'danger'
  /** The rows of the selection the action applies to (default: all of them). */
  targets?: (rows: Row[]) => Row[]
  /** Asked first, with the number of rows (deletes). */
  confirm?: { title: ReactNode; message: (count: number) => ReactNode; label: ReactNode }
  run(row: Row): Promise<unknown>
}

/** A row of a list page. */
export type RowOf<P extends ListPage<RowData>> = P['data'][number]

export interface DataListOptions<
  P extends ListPage<RowData>,
  F extends Record<string, ListFilter>,
  K extends QueryKey,
> {
  /** The list's query; its page may carry more than rows (the sales report's totals). */
  query(params: ListParams<FilterValues<NoInfer<F>>>): UseQueryOptions<P, Error, P, K>
  getRowId(row: RowOf<P>): number
  filters?: F
  /** Paged by the server (default), or every row in one list (categories). */
  paged?: boolean
  /** Row selection and the batch bar: the actions and what a batch changes (lib/dashboard-keys.ts `changedBy`). */
  batch?: { invalidates: readonly QueryKey[]; actions: BatchAction<RowOf<P>>[] }
}

export interface BatchOutcome {
  ok: number
  failed: number
}

/** product.md §7.3: one call per selected row, every call awaited, failures counted. */
export async function runBatch<Row>(
  rows: readonly Row[],
  call: (row: Row) => Promise<unknown>,
): Promise<BatchOutcome> {
  const results = await Promise.allSettled(rows.map((row) => call(row)))
  const failed = results.filter((r) => r.status === 'rejected').length
  return { ok: results.length - failed, failed }
}

export type ListState = 'loading' | 'error' | 'empty' | 'content'

/**
 * The state of a dashboard list (product.md §2.14): search, filters, page and page size (any change but the page
 * goes back to page 1 and clears the selection), the server's rows and which of the four states to show, the
 * selection, and batch actions with the rows they are busy on. Screens keep their columns, filters and dialogs;
 * components/data-list/data-list.tsx draws what this holds (decision 0085).
 */
export function useDataList<
  P extends ListPage<RowData>,
  F extends Record<string, ListFilter> = Record<never, ListFilter>,
  K extends QueryKey = QueryKey,
>(options: DataListOptions<P, F, K>) {
  type Row = RowOf<P>
  const { t } = useTranslation('dashboard')
  const { getRowId, paged = true, batch } = options
  const defs = (options.filters ?? {}) as F
  const initialFilters = () =>
    Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, def.initial])) as FilterValues<F>
  const [search, setSearchValue] = useState('')
  const [filters, setFilterValues] = useState<FilterValues<F>>(initialFilters)
  const [page, setPageValue] = useState(1)
  const [perPage, setPerPageValue] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [selection, setSelection] = useState<RowSelectionState>({})
  const [confirming, setConfirming] = useState<BatchAction<Row> | null>(null)

  const queryClient = useQueryClient()
  const params: ListParams<FilterValues<F>> = { ...filters, search, page, per_page: perPage }
  const query = useQuery(options.query(params))
  const rows: Row[] = query.data?.data ?? (NO_ROWS as Row[])
  const clearSelection = () => setSelection({})
  // Deleting the last rows of the last page, or rows leaving the filter, can empty the page shown while other pages
  // still have rows: it moves to the new last page instead of showing "nothing here" without a pager.
  const emptiedPage = useBackFromEmptiedPage(page, setPageValue, query, (target) => {
    clearSelection()
    void queryClient.invalidateQueries({
      queryKey: options.query({ ...params, page: target }).queryKey,
      exact: true,
    })
  })

  // The selection belongs to the rows on screen: a new page, size, search or filter starts afresh.
  const change = (next: {
    search?: string
    filters?: Partial<FilterValues<F>>
    page?: number
    perPage?: number
  }) => {
    if (next.search !== undefined) setSearchValue(next.search)
    if (next.filters) setFilterValues((current) => ({ ...current, ...next.filters }))
    if (next.perPage !== undefined) setPerPageValue(next.perPage)
    setPageValue(next.page ?? 1)
    clearSelection()
  }
  const isFiltered =
    search !== '' || Object.entries(defs).some(([name, def]) => filters[name as keyof F] !== def.initial)

  const selectedRows = rows.filter((row) => selection[String(getRowId(row))])
  const batchRun = useMutation({
    mutationFn: ({ action, rows: targets }: { action: BatchAction<Row>; rows: Row[] }) =>
      runBatch(targets, action.run),
    meta: { invalidates: batch?.invalidates },
    onSuccess: (outcome) => {
      if (outcome.failed === 0) toast.success(t('batch.done', { count: outcome.ok }))
      else toast.error(t('batch.partial', { ok: outcome.ok, failed: outcome.failed }))
      clearSelection()
      setConfirming(null)
    },
  })
  const busyIds = new Set(batchRun.isPending ? batchRun.variables.rows.map(getRowId) : [])
  const runAction = (action: BatchAction<Row>) =>
    batchRun.mutate({ action, rows: action.targets ? action.targets(selectedRows) : selectedRows })

  let state: ListState
  if (query.isPending || emptiedPage) state = 'loading'
  else if (query.isError) state = 'error'
  else if (rows.length === 0) state = 'empty'
  else state = 'content'

  return {
    params,
    query,
    rows,
    state,
    total: query.data?.total ?? 0,
    lastPage: query.data?.last_page ?? 1,
    paged,
    getRowId,
    search,
    setSearch: (value: string) => change({ search: value }),
    filterDefs: defs,
    filters,
    setFilter: (name: keyof F, value: string) =>
      change({ filters: { [name]: value } as Partial<FilterValues<F>> }),
    setFilters: (values: Partial<FilterValues<F>>) => change({ filters: values }),
    isFiltered,
    clearFilters: () => change({ search: '', filters: initialFilters() }),
    page,
    setPage: (next: number) => change({ page: next }),
    perPage,
    setPerPage: (size: number) => change({ perPage: size }),
    selectable: batch !== undefined,
    selection,
    setSelection,
    selectedRows,
    clearSelection,
    batch: {
      actions: batch?.actions ?? [],
      /** Runs the action, or asks first when it has a confirmation. */
      start: (action: BatchAction<Row>) => (action.confirm ? setConfirming(action) : runAction(action)),
      confirming,
      confirm: () => confirming && runAction(confirming),
      cancel: () => setConfirming(null),
      isPending: batchRun.isPending,
    },
    /** A row a running batch is working on: its own toggles wait (product.md §2.14). */
    isBusy: (row: Row) => busyIds.has(getRowId(row)),
  }
}

export type DataListState<
  P extends ListPage<RowData>,
  F extends Record<string, ListFilter> = Record<never, ListFilter>,
> = ReturnType<typeof useDataList<P, F>>

const NO_ROWS: unknown[] = []
