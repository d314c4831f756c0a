import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

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
  await page.waitForLoadState('networkidle')
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

/** axe-core over the whole page; only serious and critical findings fail a journey. */
export async function seriousViolations(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).analyze()
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
