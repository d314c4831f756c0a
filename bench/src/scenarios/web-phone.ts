import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { fmt, type Report } from '../lib/report.ts'

/**
 * What a shopper on a cheap phone feels (decision 0031), measured in real Chromium: 375 px, CPU 4× slower, 150 ms round
 * trip, 1.6 Mbps down, cold cache (a fresh browser context per run), Arabic. Each figure is the median of RUNS runs.
 */
export const RUNS = 5
const PHONE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 }

export const BUDGETS = {
  /** A tap on add-to-cart 2 s after the load event: badge updated and painted (INP "good"). */
  tapAfterLoadMs: 200,
  /** A tap on add-to-cart the moment the button first appears. */
  firstTapMs: 1000,
  /** A category chosen 2 s after load: the first card shows the category's product. */
  categoryMs: 500,
  lcpMs: 2500,
  cls: 0.05,
  /** Everything a visit downloads as script in its first 10 s, a first tap included (gzip). */
  jsKb: 140,
} as const

/**
 * Code a shopper must never download on these pages (the dashboard is lazy-loaded and charts are only the dashboard's:
 * performance.md), nor the libraries only forms, the cart page and the dashboard need (zod, tailwind-merge, TanStack
 * Query), which once reached every storefront page through shared modules (decision 0185).
 */
const FORBIDDEN = [
  /node_modules\/chart\.js\//,
  /node_modules\/react-chartjs-2\//,
  /src\/features\/dashboard-/,
  /src\/app\/routes\/dashboard\//,
  /dashboard-layout/,
  /node_modules\/zod\//,
  /node_modules\/tailwind-merge\//,
  /node_modules\/@tanstack\//,
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}

interface Phone {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  /** Script responses: URL → bytes on the wire, and when each finished (ms since the page was asked for). */
  scripts: Map<string, { transferred: number; at: number }>
  started: number
}

/** A fresh phone: cold cache, throttled network and CPU, Arabic, layout shifts and largest paints recorded. */
async function phone(browser: Browser, url: string): Promise<Phone> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ar-LY',
  })
  await context.addCookies([{ name: 'language', value: 'ar', url }])
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number }
    w.__lcp = 0
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown })
  const scripts = new Map<string, { transferred: number; at: number }>()
  const types = new Map<string, string>()
  const state: Phone = { context, page, cdp, scripts, started: Date.now() }
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, `${e.type}|${e.response.url}`))
  cdp.on('Network.loadingFinished', (e) => {
    const [type, responseUrl] = (types.get(e.requestId) ?? '').split('|')
    if (type === 'Script' && responseUrl)
      scripts.set(responseUrl, { transferred: e.encodedDataLength, at: Date.now() - state.started })
  })
  return state
}

/** Installs a watcher that stamps the time of the next paint after `ready()` holds (run before the user acts). */
const armPaintWatch = (page: Page, ready: string) =>
  page.evaluate((condition) => {
    const w = window as unknown as { __done?: number; __act?: number }
    delete w.__done
    delete w.__act
    for (const type of ['pointerdown', 'change']) {
      addEventListener(type, (e) => (w.__act ??= e.timeStamp), { capture: true, once: true })
    }
    const check = new Function(`return (${condition})`) as () => boolean
    const observer = new MutationObserver(() => {
      if (w.__done !== undefined || !check()) return
      observer.disconnect()
      // The frame that shows the change: stamped right after the browser has painted it.
      requestAnimationFrame(() => setTimeout(() => (w.__done = performance.now()), 0))
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
  }, ready)

const paintedAfterAct = async (page: Page, timeout = 20_000) => {
  await page.waitForFunction(
    () => (window as unknown as { __done?: number }).__done !== undefined,
    undefined,
    { timeout },
  )
  return page.evaluate(() => {
    const w = window as unknown as { __done: number; __act: number }
    return w.__done - w.__act
  })
}

const BADGE_IS_ONE = `[...document.querySelectorAll('[data-testid="cart-badge"]')].some((b) => b.offsetParent !== null && b.textContent.trim() === '1')`
const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __shopHydrated?: boolean }).__shopHydrated === true,
    undefined,
    { timeout: 30_000 },
  )
const afterLoad = async (page: Page, ms: number) => {
  await page.waitForLoadState('load')
  await page.waitForTimeout(ms)
}

export interface PhoneFigures {
  lcp: Record<string, number[]>
  cls: Record<string, number[]>
  tapAfterLoad: number[]
  firstTap: number[]
  category: number[]
  js: Record<string, { files: string[]; transferredKb: number }[]>
}

/** The add-to-cart button a shopper taps first on each page. */
const ADD_BUTTON: Record<string, string> = {
  '/': '#products article button',
  '/products': 'main article button',
  'product page': 'main article button:has(svg.lucide-shopping-cart)',
}

/** Every phone measurement for the storefront at `url`, RUNS times; `productPath` is a product page to measure. */
export async function phoneRuns(url: string, productPath: string, runs = RUNS): Promise<PhoneFigures> {
  const browser = await launchChromium()
  const figures: PhoneFigures = { lcp: {}, cls: {}, tapAfterLoad: [], firstTap: [], category: [], js: {} }
  const vitals = (page: Page) =>
    page.evaluate(
      () =>
        [
          (window as unknown as { __lcp: number }).__lcp,
          (window as unknown as { __cls: number }).__cls,
        ] as const,
    )
  // The category to choose, and the first product the list shows for it (the public API's answer).
  const categories = (await (await fetch(`${url}/api/categories?active=true`)).json()) as {
    data: { id: number; slug: string }[]
  }
  let category: { id: number; slug: string; firstName: string } | null = null
  for (const c of categories.data) {
    const list = (await (
      await fetch(`${url}/api/products?active=true&in_stock=true&per_page=12&category_id=${c.id}`)
    ).json()) as { data: { name: string }[] }
    const all = (await (await fetch(`${url}/api/products?active=true&in_stock=true&per_page=12`)).json()) as {
      data: { name: string }[]
    }
    if (list.data[0] && list.data[0].name !== all.data[0]?.name) {
      category = { id: c.id, slug: c.slug, firstName: list.data[0].name }
      break
    }
  }
  if (!category) throw new Error('no category whose first product differs from the whole list’s')
  try {
    for (let run = 0; run < runs; run++) {
      // Each page: its largest paint and shifts, a tap on add-to-cart 2 s after load, and the scripts of its first 10 s.
      for (const [name, path] of [
        ['/products', '/products'],
        ['/', '/'],
        ['product page', productPath],
      ] as const) {
        const p = await phone(browser, url)
        await p.page.goto(`${url}${path}`, { waitUntil: 'load' })
        await afterLoad(p.page, 2000)
        const [lcp, cls] = await vitals(p.page)
        ;(figures.lcp[name] ??= []).push(lcp)
        ;(figures.cls[name] ??= []).push(cls)
        await armPaintWatch(p.page, BADGE_IS_ONE)
        await p.page.locator(ADD_BUTTON[name]!).first().tap()
        const tap = await paintedAfterAct(p.page)
        if (name === '/products') figures.tapAfterLoad.push(tap)
        const left = 10_000 - (Date.now() - p.started)
        if (left > 0) await p.page.waitForTimeout(left)
        const first10s = [...p.scripts].filter(([, s]) => s.at <= 10_000)
        ;(figures.js[name] ??= []).push({
          files: first10s.map(([u]) => new URL(u).pathname),
          transferredKb: first10s.reduce((a, [, s]) => a + s.transferred, 0) / 1024,
        })
        await p.context.close()
      }
      // The first tap, the moment the button is painted (the app may not have arrived yet: app/early-script.ts).
      {
        const p = await phone(browser, url)
        await p.page.goto(`${url}/products`, { waitUntil: 'commit' })
        const button = p.page.locator('main article button').first()
        await button.waitFor({ state: 'visible', timeout: 30_000 })
        // On screen, as a shopper sees it: the page has painted (its stylesheet, which holds the first paint, has
        // arrived). Before that the button has a layout (unstyled) but no pixels, and a tap at its unstyled place
        // lands elsewhere once the styles apply.
        await p.page.waitForFunction(
          () => performance.getEntriesByName('first-contentful-paint').length > 0,
          undefined,
          {
            timeout: 30_000,
            polling: 16,
          },
        )
        await armPaintWatch(p.page, BADGE_IS_ONE)
        await button.tap({ noWaitAfter: true, force: true })
        figures.firstTap.push(await paintedAfterAct(p.page, 30_000))
        await p.context.close()
      }
      // A category chosen 2 s after load: until the first card shows the category's first product.
      {
        const p = await phone(browser, url)
        await p.page.goto(`${url}/products`, { waitUntil: 'load' })
        await afterLoad(p.page, 2000)
        await hydrated(p.page)
        await armPaintWatch(
          p.page,
          `document.querySelector('main article h2')?.textContent.trim() === ${JSON.stringify(category.firstName)}`,
        )
        await p.page.locator('main select').first().selectOption(category.slug)
        figures.category.push(await paintedAfterAct(p.page))
        await p.context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return figures
}

/** The gzip size of the browser build's files a visit downloaded, and whether any holds chart or dashboard code. */
function scriptWeight(clientDir: string, files: string[]) {
  const modules = JSON.parse(readFileSync(join(clientDir, '.vite/chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >
  let gzipKb = 0
  const leaks: string[] = []
  for (const file of files) {
    const path = join(clientDir, file)
    if (!existsSync(path)) continue
    gzipKb += gzipSync(readFileSync(path), { level: 9 }).length / 1024
    for (const m of modules[file.replace(/^\//, '')] ?? [])
      if (FORBIDDEN.some((re) => re.test(m))) leaks.push(`${file}: ${m}`)
  }
  return { gzipKb, leaks }
}

export function phoneReport(report: Report, figures: PhoneFigures, clientDir: string) {
  const row = (scenario: string, values: number[], budget: number, unit = 'ms') => {
    const m = median(values)
    report.add({
      scenario,
      figure: `${fmt(m)} ${unit} (runs ${values.map((v) => fmt(v)).join(', ')})`,
      budget: `median ≤ ${budget} ${unit}`,
      pass: values.length === RUNS && m <= budget,
      data: values,
    })
  }
  row(
    'phone: tap on add-to-cart 2 s after load → badge painted',
    figures.tapAfterLoad,
    BUDGETS.tapAfterLoadMs,
  )
  row('phone: tap on add-to-cart as soon as it appears → badge painted', figures.firstTap, BUDGETS.firstTapMs)
  row(
    'phone: category chosen 2 s after load → first card of that category painted',
    figures.category,
    BUDGETS.categoryMs,
  )
  for (const page of Object.keys(figures.lcp)) {
    const lcp = median(figures.lcp[page]!)
    const cls = median(figures.cls[page]!)
    report.add({
      scenario: `phone: ${page} largest paint and layout shift`,
      figure: `LCP ${fmt(lcp)} ms (runs ${figures.lcp[page]!.map((v) => fmt(v)).join(', ')}), CLS ${fmt(cls, 3)}`,
      budget: `median LCP ≤ ${BUDGETS.lcpMs} ms, CLS ≤ ${BUDGETS.cls}`,
      pass: figures.lcp[page]!.length === RUNS && lcp <= BUDGETS.lcpMs && cls <= BUDGETS.cls,
      data: { lcp: figures.lcp[page], cls: figures.cls[page] },
    })
  }
  const allLeaks: string[] = []
  for (const [page, runs] of Object.entries(figures.js)) {
    const weights = runs.map((run) => ({ ...run, ...scriptWeight(clientDir, run.files) }))
    allLeaks.push(...weights.flatMap((w) => w.leaks))
    const gzip = median(weights.map((w) => w.gzipKb))
    const transferred = median(weights.map((w) => w.transferredKb))
    const widest = weights.reduce((a, b) => (b.files.length > a.files.length ? b : a))
    report.add({
      scenario: `phone: script downloaded by ${page} in its first 10 s, a first tap included`,
      figure: `${fmt(gzip, 1)} KB gzip in ${widest.files.length} files (${fmt(transferred, 1)} KB on the wire, brotli): ${widest.files.map((f) => f.replace('/assets/', '')).join(', ')}`,
      budget: `≤ ${BUDGETS.jsKb} KB gzip`,
      pass: weights.length === RUNS && gzip <= BUDGETS.jsKb,
      data: weights,
    })
  }
  const leaks = [...new Set(allLeaks)]
  report.add({
    scenario:
      'phone: no chart, dashboard, zod, tailwind-merge or TanStack Query code downloaded by the storefront',
    figure: leaks.length === 0 ? 'none on /, /products or the product page' : leaks.slice(0, 4).join('; '),
    budget: '0 modules',
    pass: leaks.length === 0,
    data: leaks,
  })
}

/** Issue 42 (decision 0237): the driver's phone page, on the same phone: its own budgets. */
export const DRIVER_BUDGETS = { lcpMs: 1500, jsKb: 30 } as const

/**
 * The driver's page at `path` (a driver link with shipments on it), RUNS times on a fresh phone: its largest paint and
 * the script it downloads (gzip, as served compressed; measured as bytes on the wire).
 */
export async function driverRuns(url: string, path: string, runs = RUNS) {
  const browser = await launchChromium()
  const lcp: number[] = []
  const jsKb: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const p = await phone(browser, url)
      await p.page.goto(`${url}${path}`, { waitUntil: 'load' })
      await afterLoad(p.page, 2000)
      lcp.push(await p.page.evaluate(() => (window as unknown as { __lcp: number }).__lcp))
      jsKb.push([...p.scripts.values()].reduce((a, s) => a + s.transferred, 0) / 1024)
      await p.context.close()
    }
  } finally {
    await browser.close()
  }
  return { lcp, jsKb }
}

export function driverReport(report: Report, figures: { lcp: number[]; jsKb: number[] }) {
  const lcp = median(figures.lcp)
  const js = median(figures.jsKb)
  report.add({
    scenario: "phone: the driver's page (3 shipments) largest paint",
    figure: `LCP ${fmt(lcp)} ms (runs ${figures.lcp.map((v) => fmt(v)).join(', ')})`,
    budget: `median LCP ≤ ${DRIVER_BUDGETS.lcpMs} ms`,
    pass: figures.lcp.length === RUNS && lcp <= DRIVER_BUDGETS.lcpMs,
    data: figures.lcp,
  })
  report.add({
    scenario: "phone: script downloaded by the driver's page",
    figure: `${fmt(js, 1)} KB on the wire`,
    budget: `≤ ${DRIVER_BUDGETS.jsKb} KB gzip`,
    pass: figures.jsKb.length === RUNS && js <= DRIVER_BUDGETS.jsKb,
    data: figures.jsKb,
  })
}
