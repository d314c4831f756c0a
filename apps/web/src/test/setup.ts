import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadLaterTexts, loadSharedMessages } from '../lib/i18n.ts'
import { loadSonner } from '../lib/toast.ts'

// Issue 7 moved sonner, the shared validation texts and the later storefront texts out of the first download; in the browser they are loaded
// by the time a shopper acts (first interaction / after first paint). Tests start from that loaded state;
// lib/lazy-loading.test.ts covers the loading itself.
beforeAll(async () => {
  await Promise.all([loadSonner(), loadSharedMessages(), loadLaterTexts()])
})

// Screens load parts of themselves lazily (pager, sections near the screen): on a cold CI machine the first import of
// such a chunk in a worker can take over a second. findBy*/waitFor wait only as long as needed, up to this.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
