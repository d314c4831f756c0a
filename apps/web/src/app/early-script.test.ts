import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_SCRIPT, releaseEarlyTaps } from './early-script.ts'

const run = () => new Function(EARLY_SCRIPT)()

beforeEach(() => {
  delete window.__shopHydrated
  delete window.__shopTaps
  document.body.innerHTML = ''
  document.documentElement.lang = 'ar'
  sessionStorage.clear()
  document.cookie = 'language=; max-age=0; path=/'
})
afterEach(() => vi.restoreAllMocks())

describe('the early script: taps before the app has taken the page over', () => {
  it('holds a tap on a button until the app has hydrated, then replays it once', () => {
    run()
    const button = document.createElement('button')
    const onClick = vi.fn()
    button.addEventListener('click', onClick)
    document.body.append(button)
    button.click()
    button.click()
    expect(onClick).not.toHaveBeenCalled()
    releaseEarlyTaps()
    expect(onClick).toHaveBeenCalledTimes(1)
    // From now on taps are the app's own.
    button.click()
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('keeps the order of taps on different buttons and leaves links alone', () => {
    run()
    const order: string[] = []
    const a = Object.assign(document.createElement('button'), { textContent: 'a' })
    const b = Object.assign(document.createElement('button'), { textContent: 'b' })
    a.addEventListener('click', () => order.push('a'))
    b.addEventListener('click', () => order.push('b'))
    const link = Object.assign(document.createElement('a'), { href: '#x' })
    const linkClick = vi.fn((e: Event) => e.preventDefault())
    link.addEventListener('click', linkClick)
    document.body.append(a, b, link)
    b.click()
    a.click()
    link.click()
    expect(linkClick).toHaveBeenCalledTimes(1)
    releaseEarlyTaps()
    expect(order).toEqual(['b', 'a'])
  })

  it('does not replay a tap on a button that was disabled or removed meanwhile', () => {
    run()
    const gone = document.createElement('button')
    const onClick = vi.fn()
    gone.addEventListener('click', onClick)
    document.body.append(gone)
    gone.click()
    gone.remove()
    releaseEarlyTaps()
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('the early script: language', () => {
  it('makes the language of a ?lang= link the saved one', () => {
    window.history.replaceState(null, '', '/products?lang=en')
    document.documentElement.lang = 'en'
    localStorage.setItem('language', 'ar')
    run()
    expect(localStorage.getItem('language')).toBe('en')
    window.history.replaceState(null, '', '/')
  })

  it('leaves a page in the saved language as it is', () => {
    localStorage.setItem('language', 'ar')
    run()
    expect(document.cookie).not.toContain('language=')
    expect(sessionStorage.getItem('shop-lang-reload')).toBeNull()
  })

  it('asks once for the page again in the saved language when the server rendered another (cookie lost)', () => {
    localStorage.setItem('language', 'en')
    run()
    expect(document.cookie).toContain('language=en')
    expect(sessionStorage.getItem('shop-lang-reload')).toBe('1')
  })
})
