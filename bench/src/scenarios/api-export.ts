import { readFileSync } from 'node:fs'
import { fmt, type Report } from '../lib/report.ts'
import { BENCH_ADMIN } from '../lib/shop-server.ts'

/** Budget of decision 0047: the server's memory grows by less than this while it writes the export. */
export const EXPORT_MEMORY_BUDGET_MB = 100

/** Resident memory of a process (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  if (!kb) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb) / 1024
}

async function adminToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`)
  return ((await login.json()) as { token: string }).token
}

/** Downloads an export, counting its bytes and lines as they arrive (the bench keeps none of it). */
async function download(url: string, token: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`)
  let bytes = 0
  let lines = 0
  const reader = res.body.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.byteLength
    for (const byte of part.value) if (byte === 0x0a) lines++
  }
  return { bytes, lines }
}

/**
 * The sales CSV of every order the bench loaded (a year, 50,000 orders: `status=all`, the same streamed path as the
 * sales screen's completed-only file), timed, with the server's resident memory sampled every 10 ms during the
 * download against its level just before.
 */
export async function salesExport(report: Report, url: string, serverPid: number, orders: number) {
  const token = await adminToken(url)
  const file = `${url}/api/orders/export/csv?status=all`
  // A first small export warms the code path; then the server is left a moment to settle.
  await download(`${url}/api/orders/export/csv?status=completed&from=2000-01-01&to=2000-01-01`, token)
  await new Promise((r) => setTimeout(r, 1_000))
  const before = rssMb(serverPid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 10)
  const started = performance.now()
  let got: { bytes: number; lines: number }
  try {
    got = await download(file, token)
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - started) / 1000
  peak = Math.max(peak, rssMb(serverPid))
  const growth = peak - before
  const rows = got.lines - 1
  report.add({
    scenario: 'sales CSV export, 1 year (PostgreSQL)',
    figure:
      `${fmt(rows)} orders, ${fmt(got.bytes / 1_048_576, 1)} MB in ${fmt(seconds, 2)} s; ` +
      `server memory ${fmt(before)} MB → peak ${fmt(peak)} MB (+${fmt(growth, 1)} MB)`,
    budget: `every order in the file, peak server memory growth < ${EXPORT_MEMORY_BUDGET_MB} MB (reported: time)`,
    pass: rows === orders && growth < EXPORT_MEMORY_BUDGET_MB,
    data: { rows, bytes: got.bytes, seconds, rssBeforeMb: before, rssPeakMb: peak, growthMb: growth },
  })
}
