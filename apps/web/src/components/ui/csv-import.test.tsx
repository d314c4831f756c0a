import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderDashboard } from '../../test/render-dashboard.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { CsvImportActions, importOutcome } from './csv-import.tsx'

const csv = () => new File(['name,price\nA,1'], 'products.csv', { type: 'text/csv' })

const listKey = ['dashboard', 'products', 'list', { page: 1 }]
const otherKey = ['dashboard', 'settings', 'list']

/** Imports a file through the actions; `isStale(key)` says whether a cached list was marked for refreshing. */
async function importWith(upload: () => Promise<never> | Promise<unknown>) {
  const { client } = await renderDashboard(
    <CsvImportActions
      upload={upload as never}
      downloadSample={vi.fn()}
      invalidates={[['dashboard', 'products']]}
    />,
    'en',
  )
  client.setQueryData(listKey, { data: [] })
  client.setQueryData(otherKey, [])
  await userEvent.upload(screen.getByTestId('csv-file-input'), csv())
  return { isStale: (key: unknown[]) => client.getQueryState(key)?.isInvalidated }
}

describe('CSV import result', { timeout: 20_000 }, () => {
  it('shows created and updated counts and refreshes what the import changed, nothing else', async () => {
    const { isStale } = await importWith(() =>
      Promise.resolve({ message: 'ok', summary: { created: 4, updated: 2, errors: [] } }),
    )
    expect(await screen.findByText('Import completed: 4 created, 2 updated.')).toBeInTheDocument()
    expect(isStale(listKey)).toBe(true)
    expect(isStale(otherKey)).toBe(false)
  })

  it('lists what was created and updated by id and name, and points out rows matched by name only (decision 0116)', async () => {
    await importWith(() =>
      Promise.resolve({
        message: 'ok',
        summary: {
          created: 1,
          updated: 2,
          errors: [],
          items: [
            { row: 2, action: 'updated', id: 7, name: 'Sidr Honey', matched_by: 'sku' },
            { row: 3, action: 'created', id: 41, name: 'Khalt Dates', matched_by: null },
            { row: 4, action: 'updated', id: 9, name: 'Olive Oil', matched_by: 'name' },
          ],
        },
      }),
    )
    expect(
      await screen.findByText(
        '1 row found its product by name only. Check that it is the product you meant; an id or sku column makes the match exact.',
      ),
    ).toBeInTheDocument()
    const created = screen.getByRole('region', { name: 'Created' })
    expect(created).toHaveTextContent('Row 3:#41Khalt Dates')
    const updated = screen.getByRole('region', { name: 'Updated' })
    expect(updated).toHaveTextContent('Row 2:#7Sidr Honeyby SKU')
    expect(updated).toHaveTextContent('Row 4:#9Olive Oilby name only')
  })

  it('lists row errors with the first one in the summary line', async () => {
    await importWith(() =>
      Promise.resolve({
        message: 'ok',
        summary: {
          created: 1,
          updated: 0,
          errors: [
            { row: 3, error: 'Price is required' },
            { row: 5, error: 'Name is required' },
          ],
        },
      }),
    )
    expect(
      await screen.findByText('Import completed with 2 errors. First error: Price is required'),
    ).toBeInTheDocument()
    expect(screen.getByText('Row 5:')).toBeInTheDocument()
    expect(screen.getByText('Name is required')).toBeInTheDocument()
  })

  it('does not say the import completed when no row was imported (issue 39 item 9)', async () => {
    await importWith(() =>
      Promise.resolve({
        message: 'ok',
        summary: { created: 0, updated: 0, errors: [{ row: 2, error: 'Price is required' }] },
      }),
    )
    expect(await screen.findByText('The row could not be imported: Price is required')).toBeInTheDocument()
    expect(screen.getByText('No rows were imported.')).toBeInTheDocument()
    expect(screen.queryByText(/Import completed/)).toBeNull()
  })

  it('explains missing columns with found, required and help', async () => {
    const body = {
      code: 'MISSING_COLUMNS',
      message: 'The file is missing required columns',
      missing_columns: ['price'],
      found_columns: ['name', 'cost'],
      required_columns: ['name', 'price'],
      help: 'Please download the sample CSV file to see the correct format',
    }
    await importWith(() =>
      Promise.reject(new ApiError(422, 'MISSING_COLUMNS', body.message, undefined, body)),
    )
    expect(await screen.findByText('Missing columns')).toBeInTheDocument()
    expect(screen.getByText('cost')).toBeInTheDocument()
    expect(screen.getAllByText('price')).toHaveLength(2)
    expect(
      screen.getByText('Please download the sample CSV file to see the correct format'),
    ).toBeInTheDocument()
  })

  it('reports any other failure, and refreshes nothing', async () => {
    const { isStale } = await importWith(() =>
      Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not accepted')),
    )
    expect(await screen.findByText('Import failed: This file type is not accepted')).toBeInTheDocument()
    expect(isStale(listKey)).toBe(false)
  })

  it('refuses a file that is not .csv before uploading', async () => {
    const upload = vi.fn()
    await renderDashboard(
      <CsvImportActions upload={upload} downloadSample={vi.fn()} invalidates={[]} />,
      'en',
    )
    await userEvent.upload(screen.getByTestId('csv-file-input'), new File(['x'], 'prices.xlsx'), {
      applyAccept: false,
    })
    expect(await screen.findByText('Only .csv files can be imported')).toBeInTheDocument()
    expect(upload).not.toHaveBeenCalled()
  })

  it('shows a sample download failure', async () => {
    await renderDashboard(
      <CsvImportActions
        upload={vi.fn()}
        downloadSample={() => Promise.reject(new Error('x'))}
        invalidates={[]}
      />,
      'en',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Sample CSV' }))
    expect(await screen.findByText('Failed to download sample file')).toBeInTheDocument()
  })

  it('shows the size each row wrote; a further size of a product the file created is no name-only warning (decision 0158)', async () => {
    await importWith(() =>
      Promise.resolve({
        message: 'ok',
        summary: {
          created: 3,
          updated: 0,
          errors: [],
          items: [
            { row: 2, action: 'created', id: 12, name: 'Tasfirt Dates', matched_by: null, size: '500 g' },
            { row: 3, action: 'created', id: 12, name: 'Tasfirt Dates', matched_by: 'name', size: '1 kg' },
            { row: 4, action: 'created', id: 12, name: 'Tasfirt Dates', matched_by: 'name', size: '5 kg' },
          ],
        },
      }),
    )
    const created = await screen.findByRole('region', { name: 'Created' })
    expect(created).toHaveTextContent('Row 3:#12Tasfirt Dates1 kgby name only')
    expect(created).toHaveTextContent('Row 4:#12Tasfirt Dates5 kgby name only')
    expect(screen.queryByText(/found its product by name only|found their product by name only/)).toBeNull()
  })

  it('downloads the export when the screen offers one, and tells when it fails', async () => {
    const downloadExport = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(undefined)
    await renderDashboard(
      <CsvImportActions
        upload={vi.fn()}
        downloadSample={vi.fn()}
        downloadExport={downloadExport}
        invalidates={[]}
      />,
      'en',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('Failed to download the products file')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(downloadExport).toHaveBeenCalledTimes(2)
  })

  it('maps an unknown failure to a failed outcome', () => {
    expect(importOutcome(undefined, new Error(''))).toEqual({ kind: 'failed', message: '' })
  })
})
