import { afterEach, describe, expect, it, vi } from 'vitest'
import { BOOT_ANSWERS_ELEMENT_ID } from '@shop/shared/constants'
import { BOOT_ANSWER_MAX_AGE_MS, resetBootAnswers, takeBootAnswer } from './boot-answers.ts'

function shell(answers: unknown) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = BOOT_ANSWERS_ELEMENT_ID
  block.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers)
  document.body.append(block)
  resetBootAnswers()
}

afterEach(() => {
  document.getElementById(BOOT_ANSWERS_ELEMENT_ID)?.remove()
  resetBootAnswers()
  vi.restoreAllMocks()
})

describe('answers carried by the page shell (issue 7)', () => {
  it('gives each answer once, for its exact path and query, and removes the block from the page', () => {
    // In the browser performance.now() counts from the page load; in the test worker, from its start.
    vi.spyOn(performance, 'now').mockReturnValue(1_000)
    shell({ '/api/categories?active=true': { data: [{ id: 1 }] } })
    expect(takeBootAnswer('/api/categories')).toBeUndefined()
    expect(takeBootAnswer('/api/categories?active=true')).toEqual({ data: [{ id: 1 }] })
    expect(takeBootAnswer('/api/categories?active=true')).toBeUndefined()
    expect(document.getElementById(BOOT_ANSWERS_ELEMENT_ID)).toBeNull()
  })

  it('drops answers that are older than the public cache lifetime, so a late first request goes to the network', () => {
    shell({ '/api/categories?active=true': { data: [] } })
    vi.spyOn(performance, 'now').mockReturnValue(BOOT_ANSWER_MAX_AGE_MS + 1)
    expect(takeBootAnswer('/api/categories?active=true')).toBeUndefined()
    vi.restoreAllMocks()
    expect(takeBootAnswer('/api/categories?active=true')).toBeUndefined()
  })

  it('ignores a damaged block', () => {
    vi.spyOn(performance, 'now').mockReturnValue(1_000)
    shell('{"/api/categories?active=true": ')
    expect(takeBootAnswer('/api/categories?active=true')).toBeUndefined()
  })
})
