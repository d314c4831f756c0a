import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const shotsDir = fileURLToPath(new URL('../../../test-output/screenshots/', import.meta.url))
mkdirSync(shotsDir, { recursive: true })

let shared: Promise<Browser> | null = null

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no GPU, no QUIC). One browser
 * per test worker (the journeys run without per-file isolation, docs/testing.md): a file gets it already running and
 * makes its own contexts (own cookies and storage), which `releaseBrowser` closes when the file ends.
 */
export function launchBrowser(): Promise<Browser> {
  if (!shared) {
    shared = startBrowser()
    // A failed start is not kept: the next file tries again.
    shared.catch(() => (shared = null))
  }
  return shared.then((browser) => {
    if (browser.isConnected()) return browser
    shared = null
    return launchBrowser()
  })
}

/** Closes every context a file opened; the browser stays for the worker's next file. */
export async function releaseBrowser(browser: Browser | undefined) {
  if (!browser) return
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})))
}

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell, installed by .ci/run) when it is
 * there: the same Blink and V8 without the full browser's display compositor, so a journey spends about a third less
 * CPU (decision 0235). Otherwise the full browser in headless mode.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')

function startBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface ContextOptions {
  language?: 'ar' | 'en'
  width?: number
  height?: number
  token?: string
  user?: unknown
  /** false: a visitor whose browser runs no script (what the server alone renders). */
  javaScriptEnabled?: boolean
}

const inFlight = new WeakMap<Page, Set<unknown>>()

/** The page's requests still open (every page of a context made by newContext is watched from its start). */
export function requestsOf(page: Page): Set<unknown> {
  let open = inFlight.get(page)
  if (!open) {
    const requests = new Set<unknown>()
    page.on('request', (r) => requests.add(r))
    page.on('requestfinished', (r) => requests.delete(r))
    page.on('requestfailed', (r) => requests.delete(r))
    page.on('framenavigated', (frame) => frame === page.mainFrame() && requests.clear())
    inFlight.set(page, requests)
    open = requests
  }
  return open
}

/** A fresh context (own storage) with the language and, optionally, a signed-in session preset. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.language === 'en' ? 'en-US' : 'ar-LY',
    // The shop's days are Tripoli days (decision 0010); the browser's "this month" must agree.
    timezoneId: 'Africa/Tripoli',
    acceptDownloads: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  context.on('page', (page) => void requestsOf(page))
  // Fail fast with a clear message instead of Playwright's 30 s default (whole journeys have 120 s).
  context.setDefaultTimeout(15_000)
  const init = {
    language: options.language ?? 'ar',
    token: options.token ?? null,
    user: options.user ? JSON.stringify(options.user) : null,
  }
  // The shop keeps the language in localStorage and in a cookie for the server (decision 0032): a visitor
  // who chose it earlier has both.
  await context.addCookies([{ name: 'language', value: init.language, url: baseURL }])
  await context.addInitScript((v) => {
    if (sessionStorage.getItem('__e2e_init')) return
    sessionStorage.setItem('__e2e_init', '1')
    localStorage.setItem('language', v.language)
    if (v.token) localStorage.setItem('token', v.token)
    if (v.user) localStorage.setItem('user', v.user)
  }, init)
  return context
}

/**
 * Pictures are for people to look at, and no test reads them: they are taken only when asked for with `E2E_SHOTS=1`
 * (`E2E_SHOTS=1 npm test -- e2e`, into test-output/screenshots/). Encoding full-page PNGs was a large share of the
 * journeys' time (docs/testing.md).
 */
export const takingShots = process.env.E2E_SHOTS === '1'

/**
 * A full-page picture for people to look at (with `E2E_SHOTS=1`). Either way the page is first taken over by the app,
 * as a person would see it. A long page on a busy 2-core machine can take longer than the 15 s meant for user-visible
 * waits, so pictures get their own budget; animations are stopped so the capture does not wait on moving frames.
 */
export async function shot(page: Page, name: string) {
  await wholePage(page)
  if (!takingShots) return
  await page.screenshot({
    path: join(shotsDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    timeout: 60_000,
  })
}

/**
 * Waits until the app has taken the page over (hydrated, app/early-script.ts): what a full-page picture should show.
 * A window that is not one of the shop's pages (the printed invoice) is as it is.
 */
export async function wholePage(page: Page) {
  if (!(await page.evaluate(() => Array.isArray(window.__shopTaps)))) return
  await page.waitForFunction(() => window.__shopHydrated === true, undefined, { timeout: 60_000 })
}

/** Signs in through the API and returns the token and user, for presetting a context. */
export async function apiLogin(
  baseURL: string,
  email: string,
  password: string,
): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { token: string; user: unknown }
}

declare global {
  interface Window {
    /** Set by the shop once React has taken the page over (apps/web/src/app/early-script.ts). */
    __shopHydrated?: boolean
    __shopTaps?: unknown[]
  }
}
