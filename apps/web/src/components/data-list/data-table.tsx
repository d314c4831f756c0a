import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table'
import { useMemo, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { Checkbox } from '../ui/checkbox.tsx'

/** Below this width every dashboard list shows its rows as cards (decision 0087). */
export const CARDS_BELOW_PX = 640

// Pagination, search and filters are the server's (use-data-list.ts); the table holds the rows and their selection.
const features = tableFeatures({ rowSelectionFeature })
type Features = typeof features

/** Where a column goes on a phone's card: the card's heading, a line under it, the badges at its end, a labelled
 * field, the actions row, or nowhere. */
export type CardPlace = 'title' | 'subtitle' | 'status' | 'field' | 'actions' | 'hidden'

/** One column of a dashboard list: the table's header and cell, and its place on a card (default: a field). */
export interface DataColumn<T> {
  id: string
  header: ReactNode
  cell(row: T): ReactNode
  className?: string
  card?: CardPlace
  /** The field's label on a card when the header is not plain text. */
  cardLabel?: ReactNode
}

/** A totals line under the rows: a label, then values under the columns they sum (the sales report). */
export interface DataSummary {
  label: ReactNode
  values: Record<string, ReactNode>
  testId?: string
}

export interface DataTableProps<T extends RowData> {
  rows: T[]
  columns: DataColumn<T>[]
  getRowId(row: T): number
  caption: string
  /** With a selection, a checkbox on every row and one for the whole page. */
  selection?: {
    state: RowSelectionState
    onChange(next: RowSelectionState): void
    rowLabel(row: T): string
    allLabel: string
  }
  summary?: DataSummary
}

/**
 * The rows of a dashboard list on TanStack Table: a table (sticky header, row hover, selection first; docs/ui.md §5) from
 * 640 px, cards below it, so a phone never scrolls sideways. Both draw the same columns and the same selection.
 */
export function DataTable<T extends RowData>({
  rows,
  columns,
  getRowId,
  caption,
  selection,
  summary,
}: DataTableProps<T>) {
  // Column specs are rebuilt by screens on every render (they close over handlers); the table's column model stays
  // stable per set of ids and reads the latest specs through a ref.
  const specs = useRef(columns)
  specs.current = columns
  const idKey = columns.map((c) => c.id).join('|')
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<Features, T>()
    return idKey.split('|').map((id, i) =>
      helper.display({
        id,
        header: () => specs.current[i]?.header,
        cell: (ctx) => specs.current[i]?.cell(ctx.row.original),
      }),
    ) as ColumnDef<Features, T, unknown>[]
  }, [idKey])
  const selectionState = selection?.state ?? NO_SELECTION
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: T) => String(getRowId(row)),
    enableRowSelection: selection !== undefined,
    state: { rowSelection: selectionState },
    onRowSelectionChange: (updater) =>
      selection?.onChange(typeof updater === 'function' ? updater(selectionState) : updater),
  })
  const wide = useMediaQuery(`(min-width: ${CARDS_BELOW_PX}px)`)

  const tableRows = table.getRowModel().rows
  const allBox = selection ? (
    <Checkbox
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      aria-label={selection.allLabel}
    />
  ) : null
  const rowBox = (row: Row<Features, T>) =>
    selection ? (
      <Checkbox
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        aria-label={selection.rowLabel(row.original)}
      />
    ) : null

  if (!wide)
    return (
      <DataCards
        rows={tableRows}
        columns={columns}
        caption={caption}
        allBox={allBox}
        allLabel={selection?.allLabel}
        rowBox={rowBox}
        summary={summary}
      />
    )

  const firstSummed = summary ? columns.findIndex((c) => c.id in summary.values) : -1
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-sand-100 text-stone-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-3 text-start">
                  {allBox}
                </th>
              ) : null}
              {group.headers.map((header, i) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn(
                    'px-3 py-3 text-start font-semibold whitespace-nowrap',
                    columns[i]?.className,
                  )}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.map((row) => (
            <tr
              key={row.id}
              className={cn(
                'border-t border-sand-200 hover:bg-sand-50',
                row.getIsSelected() && 'bg-palm-50/60',
              )}
            >
              {selection ? <td className="px-3 py-3 align-middle">{rowBox(row)}</td> : null}
              {row.getAllCells().map((cell, i) => (
                <td key={cell.id} className={cn('px-3 py-3 align-middle', columns[i]?.className)}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {summary && firstSummed > 0 ? (
          <tfoot className="border-t-2 border-sand-300 bg-sand-50 font-bold">
            <tr data-testid={summary.testId}>
              <th scope="row" colSpan={firstSummed + (selection ? 1 : 0)} className="px-3 py-3 text-start">
                {summary.label}
              </th>
              {columns.slice(firstSummed).map((c) => (
                <td key={c.id} className={cn('px-3 py-3', c.className)}>
                  {summary.values[c.id]}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

const NO_SELECTION: RowSelectionState = {}

function DataCards<T extends RowData>({
  rows,
  columns,
  caption,
  allBox,
  allLabel,
  rowBox,
  summary,
}: {
  rows: Row<Features, T>[]
  columns: DataColumn<T>[]
  caption: string
  allBox: ReactNode
  allLabel?: string
  rowBox(row: Row<Features, T>): ReactNode
  summary?: DataSummary
}) {
  const place = (where: CardPlace) => columns.filter((c) => (c.card ?? 'field') === where)
  const [titles, subtitles, badges, fields, actions] = (
    ['title', 'subtitle', 'status', 'field', 'actions'] as const
  ).map(place)
  const label = (c: DataColumn<T>) => c.cardLabel ?? c.header
  return (
    <div>
      {allBox ? (
        <label className="mb-2 flex items-center gap-2 px-1 text-sm font-semibold text-stone-700">
          {allBox}
          <span aria-hidden="true">{allLabel}</span>
        </label>
      ) : null}
      <ul className="space-y-3" aria-label={caption}>
        {rows.map((row) => {
          const r = row.original
          const box = rowBox(row)
          return (
            <li
              key={row.id}
              data-testid="data-card"
              className={cn(
                'rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)]',
                row.getIsSelected() && 'border-palm-300 bg-palm-50/60',
              )}
            >
              <div className="flex items-start gap-3">
                {box ? <div className="pt-0.5">{box}</div> : null}
                <div className="min-w-0 flex-1 space-y-0.5">
                  {titles!.map((c) => (
                    <div key={c.id} className="font-semibold text-stone-900">
                      {c.cell(r)}
                    </div>
                  ))}
                  {subtitles!.map((c) => (
                    <div key={c.id} className="text-sm text-stone-600">
                      {c.cell(r)}
                    </div>
                  ))}
                </div>
                {badges!.length ? (
                  <div className="flex shrink-0 flex-col items-end gap-1.5">
                    {badges!.map((c) => (
                      <div key={c.id}>{c.cell(r)}</div>
                    ))}
                  </div>
                ) : null}
              </div>
              {fields!.length ? (
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  {fields!.map((c) => (
                    <div key={c.id} className="min-w-0">
                      <dt className="text-xs text-stone-500">{label(c)}</dt>
                      <dd className="min-w-0 break-words text-stone-800">{c.cell(r)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions!.length ? (
                <div className="-mx-1 mt-3 flex flex-wrap justify-end gap-1 border-t border-sand-200 pt-2">
                  {actions!.map((c) => (
                    <div key={c.id}>{c.cell(r)}</div>
                  ))}
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
      {summary ? (
        <div
          data-testid={summary.testId}
          className="mt-3 rounded-[var(--radius-card)] border-2 border-sand-300 bg-sand-50 p-4"
        >
          <div className="font-bold text-stone-900">{summary.label}</div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {columns
              .filter((c) => c.id in summary.values)
              .map((c) => (
                <div key={c.id}>
                  <dt className="text-xs text-stone-500">{label(c)}</dt>
                  <dd className="font-bold">{summary.values[c.id]}</dd>
                </div>
              ))}
          </dl>
        </div>
      ) : null}
    </div>
  )
}
