// Printing a page the API answers as HTML (issue 42: the delivery sheet, the packing slip), for every dashboard screen
// that prints one. The order invoice (features/dashboard-orders/invoice.ts) prints from a new window; a hidden frame
// prints without a pop-up, so the page is loaded into one (`srcdoc`: the shop's origin and CSP, no script runs in it)
// and printed from it. A phone's browser may not print a frame: it opens the
// sheet in a new tab instead (`openHtml`), from where the browser's own share or print applies.

/** Prints `html` from a hidden frame; the frame goes away once the print dialog closes (or after a minute). */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe')
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.style.cssText =
    'position:fixed;inset-inline-end:0;bottom:0;width:0;height:0;border:0;visibility:hidden'
  const cleanup = () => frame.remove()
  let done = false
  frame.onload = () => {
    // Once: some engines also report the frame's first, empty page.
    if (done) return
    done = true
    const w = frame.contentWindow
    if (!w) return cleanup()
    w.addEventListener('afterprint', () => setTimeout(cleanup, 0))
    setTimeout(cleanup, 60_000)
    // The sheet's fonts are the system's; the print preview waits for them (1 s at most), as the invoice does.
    const fonts = w.document.fonts as FontFaceSet | undefined
    void Promise.race([fonts?.ready, new Promise((resolve) => setTimeout(resolve, 1000))]).then(() => {
      w.focus()
      w.print()
    })
  }
  frame.srcdoc = html
  document.body.appendChild(frame)
}

/**
 * A tab for the sheet, opened at once (while the tap still counts as the user's, so no pop-up blocker stops it) and
 * given the page when it has arrived. `show(html)` fills it; `fail()` closes it.
 */
export function openHtmlTab(): { show(html: string): void; fail(): void } {
  const tab = window.open('', '_blank')
  return {
    show(html) {
      const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }))
      if (tab) tab.location.href = url
      else {
        const a = document.createElement('a')
        a.href = url
        a.target = '_blank'
        a.rel = 'noopener'
        document.body.appendChild(a)
        a.click()
        a.remove()
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    },
    fail: () => tab?.close(),
  }
}
