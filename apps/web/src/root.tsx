import { createContext, useContext, useEffect, type ReactNode } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router'
import type { Language } from '@shop/shared/i18n/messages'
import cairoArabic from '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url'
import cairoLatin from '@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2?url'
import type { Route } from './+types/root'
import { useDocumentLanguage } from './app/document-language.ts'
import { AppProviders } from './app/providers.tsx'
import { EARLY_SCRIPT, releaseEarlyTaps } from './app/early-script.ts'
import { NotFoundPage } from './app/not-found-page.tsx'
import { RouteErrorState } from './app/route-error-boundary.tsx'
import i18n from './lib/i18n.ts'
import { logoOf, shopIdentity } from './lib/shop-content.ts'
import stylesheet from './index.css?url'

/** The CSP nonce of this response's inline scripts: entry.server.tsx provides it; a browser never reads it back. */
export const NonceContext = createContext('')

/**
 * The stylesheet, the only file that blocks the first paint, is the first file the page asks for (issue 40): with a
 * `precedence` React writes it at the top of <head>, after only the charset, the viewport and the pictures it preloads
 * for the first screen, ahead of the font and module preloads that share a phone's slow line. As a plain link it
 * came after all of them (React writes hoisted preloads before the head's own elements).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' } as unknown as Route.LinkDescriptors[number],
]

/**
 * The page's own font file, preloaded (issue 40): Arabic pages the Arabic subset, English pages the Latin one. An
 * Arabic page draws a few Latin characters (digits, an address), which the Latin file's @font-face loads when they
 * are drawn; preloading its 34 KB on every Arabic page sent it ahead of the page's pictures and script on a 1.6 Mbps
 * line.
 */
function FontPreload({ lang }: { lang: Language }) {
  return (
    <link
      rel="preload"
      href={lang === 'ar' ? cairoArabic : cairoLatin}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />
  )
}

/** The page's language, the shop's address and the settings the footer shows: from the server's load context. */
export async function loader({ context }: Route.LoaderArgs) {
  const { lang, origin, data } = context.shop
  const [settings, content] = await Promise.all([data.settings(), data.content()])
  return { lang, origin, settings, identity: shopIdentity(content, new Date()) }
}

/** The language, the address and the settings change only when the visitor switches language (a revalidation). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) => (formMethod !== undefined || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false)

export type RootData = Awaited<ReturnType<typeof loader>>

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useContext(NonceContext)
  const lang: Language = data?.lang ?? (i18n.language === 'en' ? 'en' : 'ar')
  return (
    <html lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1f5130" />
        {/* Before anything is drawn: the saved language and early taps (app/early-script.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_SCRIPT }} />
        {/* The owner's logo as the tab's icon (decision 0126), else the shop's own mark. */}
        <link rel="icon" type="image/png" sizes="64x64" href={logoOf(data?.identity).icon} />
        <Meta />
        <Links />
        <FontPreload lang={lang} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useDocumentLanguage(loaderData.lang)
  useEffect(releaseEarlyTaps, [])
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  )
}

/** A page that could not be drawn at all: the shop's 404 page for an unknown address, else a way to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(releaseEarlyTaps, [])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <RouteErrorState />
}
