import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { AppError } from '../../lib/app-error.ts'
import type { UploadedFile } from '../../lib/multipart.ts'

export interface CsvRow {
  /**
   * Row number as a spreadsheet shows it (decision 0013): the header is row 1, each record is one row even when a
   * quoted cell spans several lines, and a blank line is an (empty) row of its own.
   */
  row: number
  cells: Record<string, string>
}

export interface CsvTable {
  columns: string[]
  rows: CsvRow[]
}

const BOM = '\uFEFF'

/**
 * product.md §10.6, decision 0013: .csv by name AND text by content. Bytes that are not UTF-8 (an Excel
 * "CSV (Windows-1256)" export, a picture renamed .csv) are refused instead of importing garbled Arabic.
 */
export function decodeCsvUpload(file: UploadedFile | undefined): string {
  if (!file) throw new AppError('VALIDATION_FAILED', 422, { fields: { file: ['validation.required'] } })
  if (!/\.csv$/i.test(file.filename.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, {
      messageKey: 'validation.csv_only',
      fields: { file: ['validation.csv_only'] },
    })
  }
  if (file.data.includes(0)) {
    // NUL bytes: a binary file (or UTF-16) wearing a .csv name.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, {
      messageKey: 'validation.csv_only',
      fields: { file: ['validation.csv_only'] },
    })
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file.data)
  } catch {
    throw new AppError('CSV_INVALID', 422)
  }
}

/** Header names are matched trimmed and case-insensitively; cells are trimmed text, stored as given. */
export function parseCsv(text: string): CsvTable {
  // One line ending everywhere, so that row numbers match what a spreadsheet shows.
  const source = (text.startsWith(BOM) ? text.slice(1) : text).replace(/\r\n?/g, '\n')
  let columns: string[] = []
  let records: { record: Record<string, string>; info: { records: number; empty_lines: number } }[]
  try {
    records = parse(source, {
      columns: (header: string[]) => {
        columns = header.map((h) => String(h).trim().toLowerCase())
        return columns.map((c, i) => (c === '' || columns.indexOf(c) !== i ? false : c))
      },
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true, // hand-edited files: a quote inside an unquoted cell is text
      info: true,
    }) as typeof records
  } catch {
    throw new AppError('CSV_INVALID', 422)
  }
  const rows = records
    // info.records counts data records so far (not the header), info.empty_lines the blank lines skipped so far
    // (a spreadsheet shows each as an empty row); counting lines would add every newline inside a quoted cell.
    .map(({ record, info }) => ({ row: 1 + info.records + info.empty_lines, cells: record }))
    .filter((r) => Object.values(r.cells).some((v) => v !== ''))
  return { columns: columns.filter((c) => c !== ''), rows }
}

/** 422 MISSING_COLUMNS with the body the dashboard shows (product.md §8.3 import alert). */
export function assertColumns(table: CsvTable, required: readonly string[], help: string) {
  const missing = required.filter((c) => !table.columns.includes(c))
  if (missing.length === 0) return
  throw new AppError('MISSING_COLUMNS', 422, {
    extra: { missing_columns: missing, found_columns: table.columns, required_columns: [...required], help },
  })
}

/** UTF-8 with BOM so that Excel opens Arabic text correctly. */
export function toCsvFile(columns: readonly string[], rows: (string | number)[][]): Buffer {
  return Buffer.from(BOM + stringify([[...columns], ...rows], { record_delimiter: '\r\n' }), 'utf8')
}
