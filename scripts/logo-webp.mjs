// Draws the pictures the pages show from their SVG sources in apps/web/public: logo.webp from logo.svg (128 px: 40 px
// at up to 3.2 device pixels per CSS pixel) and favicon.png from favicon.svg (64 px). Run after changing either SVG:
// node scripts/logo-webp.mjs
// Pictures, not the SVGs: Chromium builds a whole separate document on the page's main thread for every SVG shown by
// <img> or as the tab's icon, 16-22 ms each on a slow phone (performance.md item 5).
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(new URL('../apps/api/package.json', import.meta.url))
const sharp = require('sharp')
const file = (name) => fileURLToPath(new URL(`../apps/web/public/${name}`, import.meta.url))
await sharp(file('logo.svg'), { density: 144 })
  .resize(128, 128)
  .webp({ quality: 90, effort: 6 })
  .toFile(file('logo.webp'))
await sharp(file('favicon.svg'), { density: 144 })
  .resize(64, 64)
  .png({ compressionLevel: 9, palette: true })
  .toFile(file('favicon.png'))
console.log('wrote apps/web/public/logo.webp and apps/web/public/favicon.png')
