import { createHash } from 'node:crypto'
import { inlineSvg } from '@shop/shared/html'
import type { PageHints } from './web.ts'

/**
 * Issue 7 (Lighthouse on a cheap phone): what the page shell of a storefront route the browser renders itself carries
 * besides the built index.html, so the phone shows something at once. `/` and `/products` are rendered on the server
 * (decision 29, plugins/server-render.ts); these hints are their fallback when that is not possible.
 * - Every storefront route: the top bar's frame with the logo (same classes as features/layout/top-nav.tsx), shown
 *   from the first paint until the app's first render replaces it, instead of a blank page. Not for /dashboard.
 * - `/`: the hero art (its largest paint) is preloaded and drawn in the shell under the frame (HERO_ART).
 */
export function createStorefrontPageHints(logoSvg: string | null) {
  const logo = inlineLogo(logoSvg)
  const root = storefrontFrame(logo)
  const landing = storefrontFrame(logo, HERO_ART)
  return async (url: string) => storefrontPageHints(url, root, landing)
}

/**
 * `/`: the hero's picture and its shade, with the same classes and box as features/landing/components/hero-section.tsx
 * and hero-art.tsx (78vh under the 65 px top bar), so a phone shows the landing's largest picture as soon as it arrives instead of
 * after the script, and nothing moves when the app's hero (with its texts and buttons) replaces it.
 */
const HERO_ART =
  '<main class="flex-1"><section class="relative isolate flex min-h-[78vh] items-center overflow-hidden">' +
  '<div aria-hidden="true" class="absolute inset-0 -z-20 rtl:-scale-x-100"><img src="/hero.svg" alt="" class="size-full object-cover" width="1600" height="900" fetchpriority="high"></div>' +
  '<div class="absolute inset-0 -z-10 bg-linear-to-b from-palm-900/85 via-palm-900/70 to-date-900/80 sm:rtl:bg-linear-to-l sm:ltr:bg-linear-to-r sm:from-palm-900/90 sm:via-palm-900/65 sm:to-palm-900/20"></div>' +
  '</section></main>'

function storefrontPageHints(url: string, root: string, landing: string): PageHints {
  const path = url.split('?')[0]!
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return {}
  if (url === '/') return { root: landing, head: '<link rel="preload" as="image" href="/hero.svg" type="image/svg+xml" fetchpriority="high">' }
  return { root }
}

/**
 * The top bar without its texts and links (they need the app): the layout's column, the bar and the logo, drawn
 * inline (no request) so the first paint does not wait for anything but the stylesheet.
 */
function storefrontFrame(logoSvg: string, main = ''): string {
  return (
    '<div class="flex min-h-dvh flex-col" aria-hidden="true"><header class="sticky top-0 z-30 border-b border-sand-300 bg-white">' +
    `<div class="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">${logoSvg}</div></header>${main}</div>`
  )
}

/** logo.svg of the web build as inline markup at the top bar's 40 px, or the <img> when it cannot be read. */
export function inlineLogo(svg: string | null): string {
  const fallback = '<img src="/logo.svg" alt="" width="40" height="40" class="size-10">'
  if (!svg || !svg.trimStart().startsWith('<svg')) return fallback
  return inlineSvg(svg, 'width="40" height="40" class="size-10 shrink-0" focusable="false"')
}

/**
 * CSP hashes of the inline classic scripts of the built index.html (the one that sets <html lang dir> from the
 * saved language before the first paint), so script-src needs neither 'unsafe-inline' nor an extra
 * render-blocking request. JSON data blocks are not scripts and need no hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? ''
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || !match[2]!.trim()) continue
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`)
  }
  return hashes
}
