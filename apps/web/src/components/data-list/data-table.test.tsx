import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RowSelectionState } from '@tanstack/react-table'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable, type DataColumn } from './data-table.tsx'

interface Fruit {
  id: number
  name: string
  price: string
  status: string
}
const rows: Fruit[] = [
  { id: 1, name: 'Ajwa', price: '10.00', status: 'Active' },
  { id: 2, name: 'Sukkari', price: '12.50', status: 'Inactive' },
]
const columns: DataColumn<Fruit>[] = [
  { id: 'name', header: 'Name', card: 'title', cell: (f) => f.name },
  { id: 'price', header: 'Price', cell: (f) => f.price },
  { id: 'status', header: 'Status', card: 'status', cell: (f) => <span>{f.status}</span> },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    card: 'actions',
    cell: (f) => <button type="button">{`Edit ${f.name}`}</button>,
  },
]

/** The viewport's width as the media query sees it. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

function Selectable({ onSelection }: { onSelection?: (s: RowSelectionState) => void }) {
  const [state, setState] = useState<RowSelectionState>({})
  return (
    <DataTable
      rows={rows}
      columns={columns}
      getRowId={(f) => f.id}
      caption="Fruit"
      selection={{
        state,
        onChange: (next) => {
          setState(next)
          onSelection?.(next)
        },
        rowLabel: (f) => `Select ${f.name}`,
        allLabel: 'Select all',
      }}
      summary={{ label: 'Totals', values: { price: '22.50' }, testId: 'totals' }}
    />
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('dashboard rows on a phone and on a wide screen (decision 0087)', () => {
  it('draws a table from 640 px, with its selection column and totals row', async () => {
    viewport(1024)
    render(<Selectable />)
    const table = screen.getByRole('table', { name: 'Fruit' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Name', 'Price', 'Status', 'Actions'])
    expect(within(screen.getByTestId('totals')).getByText('22.50')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(screen.getByRole('checkbox', { name: 'Select Ajwa' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Select Sukkari' })).toBeChecked()
  })

  it('draws one card per row below 640 px: heading, badges, labelled fields, actions, and the same selection', async () => {
    viewport(375)
    const onSelection = vi.fn()
    render(<Selectable onSelection={onSelection} />)
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const ajwa = cards[0]!
    expect(within(ajwa).getByText('Ajwa')).toBeInTheDocument()
    expect(within(ajwa).getByText('Active')).toBeInTheDocument()
    // A field is labelled with its column's header.
    expect(within(ajwa).getByText('Price').nextSibling).toHaveTextContent('10.00')
    expect(within(ajwa).getByRole('button', { name: 'Edit Ajwa' })).toBeInTheDocument()
    await userEvent.click(within(ajwa).getByRole('checkbox', { name: 'Select Ajwa' }))
    expect(onSelection).toHaveBeenLastCalledWith({ '1': true })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(onSelection).toHaveBeenLastCalledWith({ '1': true, '2': true })
    expect(within(screen.getByTestId('totals')).getByText('22.50')).toBeInTheDocument()
  })
})
