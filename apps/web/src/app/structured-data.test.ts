import { describe, expect, it } from 'vitest'
import { makePackedProduct, makeProduct, makeVariant } from '../test/make-product.ts'
import { productLd, type ProductLdInput } from './structured-data.ts'

const input = (product: ProductLdInput['product'], lang: 'ar' | 'en' = 'ar'): ProductLdInput => ({
  product,
  origin: 'https://shop.ly',
  lang,
  currency: 'LYD',
  shop: 'Farm',
  description: 'Dates from Ghat',
  image: 'https://shop.ly/images/9/share.jpg',
  terms: { delivery: [{ city: 'Tripoli', fee: 15 }], return_days: 7 },
})

describe('product JSON-LD (decision 0153)', () => {
  it('keeps one Product with one Offer for a product with one pack', () => {
    const ld = productLd(input(makeProduct(3, { slug: 'honey', retail_price: 40, stock: 2 })))
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: '3',
      url: 'https://shop.ly/products/honey',
      offers: {
        '@type': 'Offer',
        price: '40.00',
        priceCurrency: 'LYD',
        availability: 'https://schema.org/InStock',
        hasMerchantReturnPolicy: { merchantReturnDays: 7 },
        shippingDetails: [{ shippingRate: { value: '15.00', currency: 'LYD' } }],
      },
    })
    expect(ld).not.toHaveProperty('hasVariant')
  })

  it("lists every active pack of a product with sizes as a ProductGroup's variants, each with its own offer", () => {
    const product = makePackedProduct(
      9,
      [
        makeVariant(91, { label: '500 g', sku: 'TAS-500', price: 12, stock: 30 }),
        makeVariant(92, { label: '1 kg', sku: null, price: 22, stock: 0 }),
        makeVariant(93, { label: '5 kg', sku: 'TAS-5K', price: 100, stock: 3, is_active: false }),
      ],
      { slug: 'tasfirt', name: 'Tasfirt dates', sku: 'TAS' },
    )
    const ld = productLd(input(product, 'en')) as Record<string, unknown> & { hasVariant: unknown[] }
    expect(ld).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'TAS',
      variesBy: ['https://schema.org/size'],
      name: 'Tasfirt dates',
      url: 'https://shop.ly/products/tasfirt?lang=en',
      brand: { '@type': 'Brand', name: 'Farm' },
    })
    expect(ld).not.toHaveProperty('offers')
    expect(ld.hasVariant).toHaveLength(2)
    expect(ld.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        sku: 'TAS-500',
        name: 'Tasfirt dates – 500 g',
        size: '500 g',
        inProductGroupWithID: 'TAS',
        offers: expect.objectContaining({
          '@type': 'Offer',
          price: '12.00',
          priceCurrency: 'LYD',
          availability: 'https://schema.org/InStock',
          url: 'https://shop.ly/products/tasfirt?variant=91&lang=en',
          hasMerchantReturnPolicy: expect.objectContaining({ merchantReturnDays: 7 }),
          shippingDetails: [expect.objectContaining({ '@type': 'OfferShippingDetails' })],
        }),
      }),
      expect.objectContaining({
        sku: 'TAS-92',
        name: 'Tasfirt dates – 1 kg',
        offers: expect.objectContaining({
          price: '22.00',
          availability: 'https://schema.org/OutOfStock',
          url: 'https://shop.ly/products/tasfirt?variant=92&lang=en',
        }),
      }),
    ])
  })
})
