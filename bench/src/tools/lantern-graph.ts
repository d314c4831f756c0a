/**
 * Diagnostic for the Lighthouse rows of the bench (docs/performance.md item 5): runs Lighthouse (mobile, simulated
 * throttling) on a URL of a running shop and prints the metrics and, per simulated metric, the requests and main-thread
 * tasks lantern counted on its path — e.g. which scripts it treated as blocking the first paint.
 *   npx tsx bench/src/tools/lantern-graph.ts http://127.0.0.1:3000/products [--tasks]
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'

interface SimNode {
  type: string
  request?: { url: string; priority: string }
  childEvents?: { name: string }[]
}
interface Timing {
  startTime: number
  endTime: number
}

const url = process.argv[2]
if (!url) {
  console.error('usage: npx tsx bench/src/tools/lantern-graph.ts <url> [--tasks]')
  process.exit(2)
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
const result = await lighthouse(url, {
  port: chrome.port,
  onlyCategories: ['performance'],
  output: 'json',
  logLevel: 'error',
})
await chrome.kill()
if (!result) throw new Error('Lighthouse returned nothing')
const lhr = result.lhr
const metrics =
  (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
console.log(
  `performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}; FCP ${metrics.firstContentfulPaint} (observed ${metrics.observedFirstContentfulPaint}), ` +
    `LCP ${metrics.largestContentfulPaint} (observed ${metrics.observedLargestContentfulPaint}), TBT ${Math.round(metrics.totalBlockingTime ?? 0)}, SI ${metrics.speedIndex}`,
)
if (process.argv.includes('--tasks')) {
  const tasks =
    (
      lhr.audits['long-tasks']?.details as
        { items?: { url: string; startTime: number; duration: number }[] } | undefined
    )?.items ?? []
  for (const t of tasks)
    console.log(`  long task ${Math.round(t.startTime)} ms, ${Math.round(t.duration)} ms: ${t.url}`)
}
const simulator = (
  Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, Map<SimNode, Timing>> } } }
).Simulation.Simulator
for (const [label, timings] of simulator.allNodeTimings) {
  if (!/FirstContentfulPaint|LargestContentfulPaint/.test(label)) continue
  console.log(`\n${label}`)
  for (const [node, t] of [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const what =
      node.type === 'network'
        ? `${node.request!.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request!.priority})`
        : `CPU ${(node.childEvents ?? [])
            .map((e) => e.name)
            .filter((n) => /Parse|Layout|Paint|Evaluate|FunctionCall/.test(n))
            .slice(0, 4)
            .join(', ')}`
    console.log(
      `  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${what}`,
    )
  }
}
