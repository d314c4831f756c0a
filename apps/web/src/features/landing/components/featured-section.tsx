import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Product } from '@shop/shared/schemas/product'
import { LinkButton } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/states.tsx'
import { ProductCard } from '../../../components/product/product-card.tsx'
import { SectionHeading } from './section-heading.tsx'

/** product.md §2.3: up to 4 active products with stock (the landing page's loader), and a link to all products. */
export function FeaturedSection({ products }: { products: Product[] }) {
  const { t } = useTranslation('storefront')
  return (
    <section
      id="products"
      tabIndex={-1}
      className="scroll-mt-20 bg-sand-100 py-16 outline-none sm:py-20"
      aria-labelledby="featured-title"
    >
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="featured-title"
          eyebrow={t('landing.featured.eyebrow')}
          title={t('landing.featured.title')}
          text={t('landing.featured.text')}
        />
        {products.length === 0 ? (
          <EmptyState title={t('products.empty')} />
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {products.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <LinkButton to="/products" variant="outline" size="lg">
            {t('landing.featured.view_all')}
            <ArrowLeft className="size-4 ltr:rotate-180" aria-hidden="true" />
          </LinkButton>
        </div>
      </div>
    </section>
  )
}
