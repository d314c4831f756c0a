import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { requestsOf } from './browser.ts'

/**
 * Every request the page started has ended, and none started in the two frames after (what a lazy section or picture
 * coming into view asks for). Playwright's 'networkidle' waits a fixed 500 ms of silence on every call instead.
 */
async function networkQuiet(page: Page) {
  const open = requestsOf(page)
  const deadline = Date.now() + 30_000
  for (;;) {
    // A look every 25 ms at the count the request events keep (no fixed silence window).
    while (open.size > 0) {
      if (Date.now() > deadline)
        throw new Error(`${open.size} request(s) still open after 30 s on ${page.url()}`)
      await new Promise((r) => setTimeout(r, 25))
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    if (open.size === 0) return
  }
}

/** Waits until the route shows its content: a heading, lazy sections loaded, no skeletons, no busy regions, fonts loaded. */
export async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible' })
  // Parts below the fold load as they come near the screen (lazy pictures; the landing page's contact form,
  // product.md §2.3): scroll through the page so the scan and the screenshot cover them too, then come back to the top.
  await page.evaluate(async () => {
    // 'instant': the shop scrolls smoothly (CSS), and a smooth scroll retargeted every 60 ms never reaches the bottom.
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 60)))
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await networkQuiet(page)
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-pulse, [role="status"] .animate-spin'),
  )
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

export interface Finding {
  route: string
  id: string
  impact: string
  help: string
  targets: string[]
}

/**
 * axe-core over the whole page, every rule; only serious and critical findings fail a journey. axe reports only the
 * violations' nodes in full (`resultTypes`): the passes, which no test reads, are not collected node by node.
 */
export async function seriousViolations(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ') ?? ''}`),
    }))
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.route}: [${f.impact}] ${f.id} — ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n')
}
