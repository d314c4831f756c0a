import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadSharedMessages } from '../lib/i18n.ts'
import { loadSonner } from '../lib/toast.ts'
import { forgetRouter } from './render-with-providers.tsx'

// Sonner and the shared validation texts load in the browser by the time a shopper acts (the first toast, a form's
// code); tests start from that loaded state.
beforeAll(async () => {
  await Promise.all([loadSonner(), loadSharedMessages()])
})

// On a cold CI machine the first import of a lazily loaded chunk in a worker can take over a second. findBy*/waitFor
// wait only as long as needed, up to this.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  forgetRouter()
  localStorage.clear()
})
