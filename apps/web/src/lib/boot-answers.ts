import { BOOT_ANSWERS_ELEMENT_ID } from '@shop/shared/constants'

/**
 * Issue 7: public API answers the server put into the page shell (apps/api/src/plugins/storefront-shell.ts), by
 * the exact path and query the page asks for. Each is used once, by the first request for it, so the first render
 * of /products has its data without waiting for a round trip; every later request goes to the network.
 */
let answers: Map<string, unknown> | undefined

/**
 * Answers are as fresh as the page; past this age (ms since the page started loading, the public answers'
 * `max-age=30`) they are dropped, so a list first asked for minutes later comes from the network.
 */
export const BOOT_ANSWER_MAX_AGE_MS = 30_000

function load(): Map<string, unknown> {
  if (answers) return answers
  answers = new Map()
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_ANSWERS_ELEMENT_ID)
  if (element?.textContent) {
    try {
      for (const [path, body] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) answers.set(path, body)
    } catch {
      // a damaged block only costs the round trips it would have saved
    }
  }
  element?.remove()
  return answers
}

/** The shell's answer for `pathWithQuery` (e.g. `/api/categories?active=true`), once; undefined otherwise. */
export function takeBootAnswer(pathWithQuery: string): unknown {
  const all = load()
  if (performance.now() > BOOT_ANSWER_MAX_AGE_MS) {
    all.clear()
    return undefined
  }
  const answer = all.get(pathWithQuery)
  all.delete(pathWithQuery)
  return answer
}

/** Tests: forget what was read, so the next call reads the document again. */
export function resetBootAnswers() {
  answers = undefined
}
