// Decision 29 (issue 7): the scripts of a page the server rendered (<html data-ssr>). Inlined into index.html by
// vite.config.ts (deferredScriptsOnServerRenderedPages), which replaces __PRELOADS__ and __ENTRY__ with the built
// files; the server takes the usual module script and modulepreloads out of such a page (apps/api plugins/server-render.ts).
//
// The page is complete without script: texts, prices, pictures and links are in the HTML. The app's script is loaded
// and hydrates the page:
// - at once when the page in the browser must differ from what the server could know: a saved cart, a signed-in
//   visitor, or another language than the server rendered in (index.html's first script marks that `ssr-stale`);
// - as soon as the visitor touches, clicks, types, scrolls or moves the focus;
// - otherwise once the browser has had nothing to do for a while after loading (IDLE_MS).
// A first visitor on a slow phone thus gets the pictures and texts without a script competing for the network and
// the processor, and the script once they start using the page. A button clicked before the page is hydrated is
// remembered (its default action held back) and clicked again by main.tsx once React has taken the page over; text
// typed or options picked by then are handed to React the same way (lib/early-input.ts).
;(function () {
  var d = document
  var h = d.documentElement
  if (!h.hasAttribute('data-ssr')) return
  var IDLE_MS = 5000
  var PRELOADS = __PRELOADS__
  var ENTRY = __ENTRY__
  var early = (window.__earlyInput = { click: null, taken: false })
  var started = false

  function go() {
    if (started) return
    if (d.readyState === 'loading') {
      d.addEventListener('DOMContentLoaded', go)
      return
    }
    started = true
    PRELOADS.forEach(function (href) {
      var link = d.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      d.head.appendChild(link)
    })
    var script = d.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = ENTRY
    d.head.appendChild(script)
  }

  // Until React has the page (main.tsx sets `taken`), a click on a button is held and remembered; links keep working
  // as plain links, and a form is not sent by the browser itself.
  d.addEventListener(
    'click',
    function (e) {
      if (early.taken) return
      var target = e.target && e.target.closest ? e.target.closest('button,[role="button"]') : null
      if (!target) return
      e.preventDefault()
      early.click = target
      go()
    },
    true,
  )
  d.addEventListener(
    'submit',
    function (e) {
      if (!early.taken) e.preventDefault()
    },
    true,
  )
  ;['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'].forEach(function (type) {
    addEventListener(type, go, { once: true, passive: true, capture: true })
  })

  var personal = h.classList.contains('ssr-stale')
  try {
    var cart = localStorage.getItem('cart')
    personal = personal || !!localStorage.getItem('token') || (!!cart && cart !== '[]')
  } catch {
    // no storage (private mode): nothing saved that would change the page
  }
  if (personal) go()

  // The parts under the first screen (.defer-render in index.css) skip the page's first layout, which then covers only
  // what the first screen needs, and are drawn once the page has loaded, fonts included: laid out in the page's own
  // font, and whole from then on (a full-page picture, a fling, find in page).
  function drawDeferredParts() {
    d.querySelectorAll('.defer-render:not([data-rendered])').forEach(function (part) {
      part.setAttribute('data-rendered', '')
    })
  }

  function afterLoad() {
    drawDeferredParts()
    if (personal) return
    setTimeout(function () {
      if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 2000 })
      else go()
    }, IDLE_MS)
  }
  if (d.readyState === 'complete') afterLoad()
  else addEventListener('load', afterLoad)
})()
