import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderDashboard } from '../../features/dashboard-shell/test-render.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { CsvImportActions, importOutcome } from './csv-import.tsx'

const csv = () => new File(['name,price\nA,1'], 'products.csv', { type: 'text/csv' })

async function importWith(upload: () => Promise<never> | Promise<unknown>) {
  const onImported = vi.fn()
  await renderDashboard(
    <CsvImportActions upload={upload as never} downloadSample={vi.fn()} onImported={onImported} />,
    'en',
  )
  await userEvent.upload(screen.getByTestId('csv-file-input'), csv())
  return onImported
}

describe('CSV import result', { timeout: 20_000 }, () => {
  it('shows created and updated counts and refreshes the list', async () => {
    const onImported = await importWith(() =>
      Promise.resolve({ message: 'ok', summary: { created: 4, updated: 2, errors: [] } }),
    )
    expect(await screen.findByText('Import completed: 4 created, 2 updated.')).toBeInTheDocument()
    expect(onImported).toHaveBeenCalledTimes(1)
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

  it('reports any other failure', async () => {
    await importWith(() =>
      Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not accepted')),
    )
    expect(await screen.findByText('Import failed: This file type is not accepted')).toBeInTheDocument()
  })

  it('refuses a file that is not .csv before uploading', async () => {
    const upload = vi.fn()
    await renderDashboard(
      <CsvImportActions upload={upload} downloadSample={vi.fn()} onImported={vi.fn()} />,
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
        onImported={vi.fn()}
      />,
      'en',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Sample CSV' }))
    expect(await screen.findByText('Failed to download sample file')).toBeInTheDocument()
  })

  it('maps an unknown failure to a failed outcome', () => {
    expect(importOutcome(undefined, new Error(''))).toEqual({ kind: 'failed', message: '' })
  })
})
