import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
import i18n, { loadSharedMessages } from '../lib/i18n.ts'
import { loadSonner } from '../lib/toast.ts'
import { forgetRouter } from './render-with-providers.tsx'

/**
 * The files of a worker share its modules and its jsdom (vite.config.ts, docs/testing.md), so each file starts from
 * what a file of its own would see: an empty page in Arabic at `/`, no cookies, nothing stored, no toasts left from
 * the last file, real timers and globals.
 */
async function blankPage() {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
  for (const element of [document.documentElement, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name)
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  const sonner = await loadSonner()
  sonner.toast.dismiss()
  if (i18n.language !== 'ar') await i18n.changeLanguage('ar')
}

// Sonner and the shared validation texts load in the browser by the time a shopper acts (the first toast, a form's
// code); tests start from that loaded state.
beforeAll(async () => {
  await Promise.all([loadSonner(), loadSharedMessages()])
  await blankPage()
})

// On a cold CI machine the first import of a lazily loaded chunk in a worker can take over a second. findBy*/waitFor
// wait only as long as needed, up to this.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  forgetRouter()
  localStorage.clear()
})
