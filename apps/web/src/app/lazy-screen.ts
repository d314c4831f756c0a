import { lazy, type ComponentType } from 'react'
import { loadLaterTexts, loadSharedMessages } from '../lib/i18n.ts'

/**
 * Issue 7: a screen loaded on demand (React.lazy), by its export name. It brings the storefront texts that are not
 * in the first download (lib/i18n.ts loadLaterTexts).
 */
export const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await Promise.all([load(), loadLaterTexts()]))[0][name] }))

/** A screen with a form: its validation texts (namespace `shared`, lib/i18n.ts) load with its code. */
export const form = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  page(async () => (await Promise.all([load(), loadSharedMessages()]))[0], name)
