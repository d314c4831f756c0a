import './index.css'
import { i18nReady, loadSharedMessages } from './lib/i18n.ts'
import { mountApp } from './app/mount.tsx'
import { prefetchRoutes } from './app/router.tsx'

// Arabic texts are bundled (ready at once); a saved English choice waits for its chunk, so no key is shown.
void i18nReady.then(() => {
  void mountApp(document.getElementById('root')!)
  // Validation texts for forms and the table of the other routes, fetched once the first screen has painted
  // (lib/i18n.ts, app/router.tsx).
  const prefetch = () =>
    setTimeout(() => {
      void loadSharedMessages()
      prefetchRoutes()
    }, 1000)
  if (document.readyState === 'complete') prefetch()
  else window.addEventListener('load', prefetch, { once: true })
})
