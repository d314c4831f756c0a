import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchRoot } from './paths.ts'

export interface Row {
  scenario: string
  /** what was measured, human readable */
  figure: string
  budget: string
  /** null: reported only, no budget */
  pass: boolean | null
  data?: unknown
}

export class Report {
  readonly rows: Row[] = []
  readonly started = new Date()

  add(row: Row): Row {
    this.rows.push(row)
    const mark = row.pass === null ? 'info' : row.pass ? 'PASS' : 'FAIL'
    console.log(`  [${mark}] ${row.scenario}: ${row.figure} (budget ${row.budget})`)
    return row
  }

  /** A scenario that could not run is a failed budget, never a silent skip. */
  failed(scenario: string, error: unknown) {
    const message = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' | ') : String(error)
    this.add({ scenario, figure: `did not run: ${message.slice(0, 300)}`, budget: 'must run', pass: false })
  }

  get ok(): boolean {
    return this.rows.every((r) => r.pass !== false)
  }

  table(): string {
    const head = ['scenario', 'figure', 'budget', 'result']
    const lines = this.rows.map((r) => [
      r.scenario,
      r.figure,
      r.budget,
      r.pass === null ? 'info' : r.pass ? 'pass' : 'FAIL',
    ])
    const md = [head, head.map(() => '---'), ...lines].map(
      (cells) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`,
    )
    return md.join('\n')
  }

  write(meta: Record<string, unknown>): string {
    const dir = join(benchRoot, 'results')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'latest.json')
    const body = {
      started: this.started.toISOString(),
      finished: new Date().toISOString(),
      ok: this.ok,
      meta,
      rows: this.rows,
      table: this.table(),
    }
    writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`)
    return file
  }
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
