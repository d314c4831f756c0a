import { describe, expect, it } from 'vitest'
import { pageMeta, screenMeta } from './seo.ts'

// Decision 0122: titles and link previews name the shop as the owner set it, in the page's language.
const owners = {
  site_name: 'مزارع الواحة',
  site_name_en: 'Oasis Farms',
  site_description: 'تمور الواحة',
  site_description_en: 'Dates of the oasis',
}

describe('page metadata', () => {
  it('puts the name in every title and og:site_name, and the description in the meta description', () => {
    for (const [lang, name, description] of [
      ['ar', 'مزارع الواحة', 'تمور الواحة'],
      ['en', 'Oasis Farms', 'Dates of the oasis'],
    ] as const) {
      const root = { lang, origin: 'http://shop.test', settings: owners } as Parameters<typeof pageMeta>[0]
      const tags = pageMeta(root, { title: 'Cart', description: 'x', path: '/cart' })
      expect(tags).toContainEqual({ title: `Cart | ${name}` })
      expect(tags).toContainEqual({ property: 'og:site_name', content: name })
      const screenTags = pageMeta(root, { title: name, description, path: '/' })
      expect(screenTags).toContainEqual({ title: name })
      const cart = screenMeta([{ id: 'root', data: root }], '/cart', 'cart.title')
      expect(cart).toContainEqual({ name: 'description', content: description })
      expect(cart).toContainEqual({ property: 'og:site_name', content: name })
    }
  })
})
