import { afterEach, describe, expect, it, vi } from 'vitest'
import { openHtmlTab, printHtml } from './print-html.ts'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('printing the HTML the API answers (issue 42)', () => {
  it('loads it into a hidden frame and prints from that frame', async () => {
    printHtml('<p>sheet</p>')
    const frame = document.querySelector('iframe')!
    expect(frame.getAttribute('srcdoc')).toBe('<p>sheet</p>')
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    expect(frame.style.visibility).toBe('hidden')
    const print = vi.spyOn(frame.contentWindow!, 'print').mockImplementation(() => {})
    frame.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(print).toHaveBeenCalledOnce())
  })

  it('opens the tab at once and gives it the page as a blob address when it has arrived', () => {
    const tab = { location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    // jsdom has no blob addresses: the two static methods are the test's, for this test only.
    const createObjectURL = vi.fn(() => 'blob:sheet')
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL
        static override revokeObjectURL = vi.fn()
      },
    )
    const opened = openHtmlTab()
    expect(window.open).toHaveBeenCalledWith('', '_blank')
    opened.show('<p>sheet</p>')
    expect(tab.location.href).toBe('blob:sheet')
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].type).toBe('text/html;charset=utf-8')
  })
})
