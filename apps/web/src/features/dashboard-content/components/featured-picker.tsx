import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CONTENT_LIMITS } from '@shop/shared/schemas/content'
import { Button } from '../../../components/ui/button.tsx'
import { FieldError, Select } from '../../../components/ui/field.tsx'
import { productOptionsQuery } from '../api/content-api.ts'
import { errorAt, type ContentForm } from './content-form-values.ts'
import { RowActions } from './content-parts.tsx'

/** The owner's featured products in order (decision 0127); none: the landing shows the newest four. */
export function FeaturedPicker({ form }: { form: ContentForm }) {
  const { t } = useTranslation('dashboard')
  const products = useQuery(productOptionsQuery())
  const ids = form.watch('featured_product_ids')
  const [adding, setAdding] = useState('')
  const set = (next: number[]) => form.setValue('featured_product_ids', next, { shouldDirty: true })
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]))
  const selectId = useId()
  return (
    <div>
      {ids.length === 0 ? <p className="text-sm text-stone-600">{t('content.featured_none')}</p> : null}
      <ol className="space-y-2">
        {ids.map((id, i) => {
          const product = byId.get(id)
          const name = product?.name ?? `#${id}`
          return (
            <li
              key={id}
              className="flex items-center gap-2 rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 px-3 py-2"
            >
              <span className="ltr-nums w-6 text-sm font-bold text-stone-500">{i + 1}</span>
              <span className="min-w-0 flex-1 truncate font-semibold text-stone-800">{name}</span>
              {product && (!product.is_active || product.stock <= 0) ? (
                <span className="text-xs text-amber-800">{t('content.featured_hidden')}</span>
              ) : null}
              <RowActions
                index={i}
                count={ids.length}
                label={name}
                onMove={(from, to) => {
                  const next = [...ids]
                  next.splice(to, 0, next.splice(from, 1)[0]!)
                  set(next)
                }}
                onRemove={() => set(ids.filter((x) => x !== id))}
              />
            </li>
          )
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('content.featured_add')}
          </label>
          <Select id={selectId} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">{t('content.featured_choose')}</option>
            {(products.data ?? [])
              .filter((p) => !ids.includes(p.id))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </Select>
        </div>
        <Button
          variant="outline"
          disabled={!adding || ids.length >= CONTENT_LIMITS.featured}
          icon={<Plus className="size-4" aria-hidden="true" />}
          onClick={() => {
            set([...ids, Number(adding)])
            setAdding('')
          }}
        >
          {t('content.featured_add_button')}
        </Button>
      </div>
      <FieldError message={errorAt(form.formState.errors, 'featured_product_ids')} />
    </div>
  )
}
