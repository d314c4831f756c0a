import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table'
import { useMemo, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import { Checkbox } from './checkbox.tsx'

// UI.md dashboard tables: sticky header, row hover (no zebra), selection column first.
// Pagination, search and selection are owned by the screen (server-side pages), so only the core table features are used.
const features = tableFeatures({})
export type DataTableFeatures = typeof features
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, unknown>

export interface DataColumnSpec<T> {
  id: string
  header: ReactNode
  cell(row: T): ReactNode
  className?: string
}

export interface DataTableProps<T extends RowData> {
  rows: T[]
  columns: DataColumnSpec<T>[]
  getRowId(row: T): number
  caption: string
  /** With a selection the first column holds a checkbox per row and a select-all in the header. */
  selection?: {
    selected: ReadonlySet<number>
    onChange(next: Set<number>): void
    rowLabel(row: T): string
    allLabel: string
  }
  footer?: ReactNode
}

export function DataTable<T extends RowData>({
  rows,
  columns,
  getRowId,
  caption,
  selection,
  footer,
}: DataTableProps<T>) {
  // Column specs are rebuilt by screens on every render (they close over handlers); the table's column model
  // stays stable per set of ids and reads the latest specs through a ref.
  const specs = useRef(columns)
  specs.current = columns
  const idKey = columns.map((c) => c.id).join('|')
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<DataTableFeatures, T>()
    return idKey
      .split('|')
      .map((id, i) =>
        helper.display({
          id,
          header: () => specs.current[i]?.header,
          cell: (ctx) => specs.current[i]?.cell(ctx.row.original),
        }),
      ) as DataColumn<T>[]
  }, [idKey])
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: T) => String(getRowId(row)),
  })

  const ids = rows.map(getRowId)
  const selectedOnPage = selection ? ids.filter((id) => selection.selected.has(id)).length : 0
  const allChecked = ids.length > 0 && selectedOnPage === ids.length
  const someChecked = selectedOnPage > 0 && !allChecked

  const toggleAll = () => {
    if (!selection) return
    const next = new Set(selection.selected)
    if (allChecked) ids.forEach((id) => next.delete(id))
    else ids.forEach((id) => next.add(id))
    selection.onChange(next)
  }
  const toggleOne = (id: number) => {
    if (!selection) return
    const next = new Set(selection.selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    selection.onChange(next)
  }

  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
      <table className="w-full min-w-[640px] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-sand-100 text-stone-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-3 text-start">
                  <Checkbox
                    checked={allChecked}
                    indeterminate={someChecked}
                    onChange={toggleAll}
                    aria-label={selection.allLabel}
                  />
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
          {table.getRowModel().rows.map((row) => {
            const id = getRowId(row.original)
            const checked = selection?.selected.has(id) ?? false
            return (
              <tr
                key={row.id}
                className={cn('border-t border-sand-200 hover:bg-sand-50', checked && 'bg-palm-50/60')}
              >
                {selection ? (
                  <td className="px-3 py-3 align-middle">
                    <Checkbox
                      checked={checked}
                      onChange={() => toggleOne(id)}
                      aria-label={selection.rowLabel(row.original)}
                    />
                  </td>
                ) : null}
                {row.getAllCells().map((cell, i) => (
                  <td key={cell.id} className={cn('px-3 py-3 align-middle', columns[i]?.className)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
        {footer ? <tfoot className="border-t-2 border-sand-300 bg-sand-50 font-bold">{footer}</tfoot> : null}
      </table>
    </div>
  )
}
