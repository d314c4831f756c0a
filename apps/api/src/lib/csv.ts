import { parse } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import { channel } from 'node:diagnostics_channel'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { IMPORT_MAX_ROWS } from '@shop/shared/schemas/imports'
import { AppError } from './app-error.ts'
import type { UploadedFile } from './multipart.ts'

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

/** Bytes handed to the parser between two turns of the event loop (decision 0115). */
const PARSE_CHUNK_BYTES = 64 * 1024

/**
 * Header names are matched trimmed and case-insensitively; cells are trimmed text, stored as given.
 *
 * Decision 0115: the text is parsed a chunk at a time, letting other requests through between chunks, and a file with
 * more than `maxRows` data rows is refused (422 TOO_MANY_ROWS) as soon as the parser reaches row `maxRows + 1`.
 */
export async function parseCsv(text: string, maxRows = IMPORT_MAX_ROWS): Promise<CsvTable> {
  // One line ending everywhere, so that row numbers match what a spreadsheet shows.
  const source = Buffer.from((text.startsWith(BOM) ? text.slice(1) : text).replace(/\r\n?/g, '\n'), 'utf8')
  let columns: string[] = []
  const rows: CsvRow[] = []
  let failed = false
  const parser = parse({
    columns: (header: string[]) => {
      columns = header.map((h) => String(h).trim().toLowerCase())
      return columns.map((c, i) => (c === '' || columns.indexOf(c) !== i ? false : c))
    },
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true, // hand-edited files: a quote inside an unquoted cell is text
    info: true,
  })
  parser.on(
    'data',
    ({
      record,
      info,
    }: {
      record: Record<string, string>
      info: { records: number; empty_lines: number }
    }) => {
      // info.records counts data records so far (not the header), info.empty_lines the blank lines skipped so far
      // (a spreadsheet shows each as an empty row); counting lines would add every newline inside a quoted cell.
      if (Object.values(record).some((v) => v !== ''))
        rows.push({ row: 1 + info.records + info.empty_lines, cells: record })
    },
  )
  parser.on('error', () => {
    failed = true
  })
  const ended = new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()))
  for (let at = 0; at < source.length && !failed; at += PARSE_CHUNK_BYTES) {
    parser.write(source.subarray(at, at + PARSE_CHUNK_BYTES))
    await nextTurn()
    if (rows.length > maxRows) {
      parser.destroy()
      throw tooManyRows(maxRows)
    }
  }
  if (!failed) {
    parser.end()
    await ended
  }
  if (failed) throw new AppError('CSV_INVALID', 422)
  if (rows.length > maxRows) throw tooManyRows(maxRows)
  return { columns: columns.filter((c) => c !== ''), rows }
}

const tooManyRows = (max: number) =>
  new AppError('TOO_MANY_ROWS', 422, { params: { max }, extra: { max_rows: max } })

/**
 * `shop:import` messages `{ kind, phase }` as an import moves on (`parsed`, `planned`, `writing`, `written`): for
 * tests and tracing, never needed by the shop (node:diagnostics_channel costs nothing without a subscriber).
 */
export const importProgress = channel('shop:import')

export { nextTurn }

const running = new WeakMap<object, Map<string, Promise<unknown>>>()

/** Imports of one kind into one database run one after another in this process (decision 0115). */
export function oneAtATime<T>(db: object, kind: string, work: () => Promise<T>): Promise<T> {
  const queues = running.get(db) ?? new Map<string, Promise<unknown>>()
  running.set(db, queues)
  const previous = queues.get(kind) ?? Promise.resolve()
  const next = previous.catch(() => {}).then(work)
  const tail = next.catch(() => {})
  queues.set(kind, tail)
  void tail.then(() => {
    if (queues.get(kind) === tail) queues.delete(kind)
  })
  return next
}

/** Lets other requests through every `every` items of a long loop (decision 0115). */
export async function* yieldingEvery<T>(items: Iterable<T>, every = 200): AsyncGenerator<T> {
  let n = 0
  for (const item of items) {
    if (++n % every === 0) await nextTurn()
    yield item
  }
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

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / CR) as a formula; a leading apostrophe makes it text
 * (OWASP "CSV injection"), the same rule as the sales export (orders-export.ts). The products import takes the
 * apostrophe off again (decision 0158), as a spreadsheet does when it saves the cell.
 */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)
