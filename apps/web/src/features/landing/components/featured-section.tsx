import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { useFeaturedProducts } from '../../catalog/api/products.ts'
import { ProductCard, ProductCardSkeleton } from '../../catalog/components/product-card.tsx'
import { SectionHeading } from './section-heading.tsx'

/** SPEC §2/§9: up to 4 active products with stock, and a link to all products. */
export function FeaturedSection() {
  const { t } = useTranslation('storefront')
  const featured = useFeaturedProducts()
  return (
    <section id="products" tabIndex={-1} className="scroll-mt-20 bg-sand-100 py-16 outline-none sm:py-20" aria-labelledby="featured-title">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="featured-title" eyebrow={t('landing.featured.eyebrow')} title={t('landing.featured.title')} text={t('landing.featured.text')} />
        {featured.isPending ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : featured.isError ? (
          <ErrorState title={t('products.error_title')} message={`${t('products.error_loading')} ${featured.error.message}`} onRetry={() => void featured.refetch()} />
        ) : featured.data.length === 0 ? (
          <EmptyState title={t('products.empty')} />
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {featured.data.map((p) => (
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
