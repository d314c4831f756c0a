/**
 * Prints a page the API rendered (issue 42: the packing slip) from a hidden frame, so nothing opens and no pop-up
 * blocker is in the way. `srcdoc` keeps the page on the shop's origin and under its CSP (no script runs in it). The
 * frame goes once printing is over, or after a minute if the browser never says so.
 */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe')
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.style.cssText =
    'position:fixed;inset-inline-end:0;bottom:0;width:0;height:0;border:0;visibility:hidden'
  let removed = false
  const remove = () => {
    if (removed) return
    removed = true
    frame.remove()
  }
  frame.addEventListener('load', () => {
    const w = frame.contentWindow
    if (!w) return remove()
    w.addEventListener('afterprint', () => setTimeout(remove, 0))
    setTimeout(remove, 60_000)
    w.focus()
    w.print()
  })
  frame.srcdoc = html
  document.body.appendChild(frame)
}
