import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

// The pages show apps/web/public/logo.webp, drawn from logo.svg by scripts/logo-webp.mjs (performance.md, Lighthouse):
// a stale picture would show the shop an old logo.
const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url))

async function pixels(input: Buffer, size: number, density?: number) {
  const { data, info } = await sharp(input, density ? { density } : {})
    .resize(size, size)
    .flatten({ background: '#ffffff' }) // on white: the colour of a see-through pixel is no part of the picture
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, info }
}

describe('the logo pictures (run node scripts/logo-webp.mjs after changing an SVG)', () => {
  it.each([
    ['logo.webp', 'logo.svg', 128],
    ['favicon.png', 'favicon.svg', 64],
  ])('%s is %s drawn at its size', async (picture, source, size) => {
    const drawn = await pixels(readFileSync(`${publicDir}${source}`), size, 144)
    const shown = await pixels(readFileSync(`${publicDir}${picture}`), size)
    expect((await sharp(readFileSync(`${publicDir}${picture}`)).metadata()).width).toBe(size)
    let difference = 0
    for (let i = 0; i < drawn.data.length; i++) difference += Math.abs(drawn.data[i]! - shown.data[i]!)
    // A lossy or palette picture differs by a few levels per channel; the logo mirrored differs by 16.
    expect(difference / drawn.data.length).toBeLessThan(4)
  })
})
