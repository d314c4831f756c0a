import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, type FieldPath, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { ProductInput, type Product } from '@shop/shared/schemas/product'
import { FormDialog } from '../../../components/ui/form-dialog.tsx'
import { Field, FieldError, Select } from '../../../components/ui/field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { useCan } from '../../../lib/auth/permissions.ts'
import { AuditTrail } from '../../../components/audit/audit-trail.tsx'
import { VariantsEditor } from './variants-editor.tsx'
import {
  EMPTY_VARIANT,
  formFieldOf,
  productVariantValues,
  withDefaultPackFields,
  withoutCosts,
  type VariantFormValues,
} from './variant-form.ts'
import {
  categoryOptionsQuery,
  createProduct,
  productDetailQuery,
  updateProduct,
} from '../api/products-api.ts'

/**
 * Decision 0057: each text in Arabic (`_ar`, the shop's main language) and English (`_en`, optional). Decision 0154:
 * prices, stock and SKU belong to the product's packs (`variants`), the first active one being the default pack.
 */
export interface ProductFormValues {
  name_ar: string
  name_en: string
  description_ar: string
  description_en: string
  category_id: string
  is_active: boolean
  weight_ar: string
  weight_en: string
  origin_ar: string
  origin_en: string
  variants: VariantFormValues[]
}

// product.md §5.4, §9: new products default to one pack with stock 1, active, no category.
export const EMPTY_PRODUCT: ProductFormValues = {
  name_ar: '',
  name_en: '',
  description_ar: '',
  description_en: '',
  category_id: '',
  is_active: true,
  weight_ar: '',
  weight_en: '',
  origin_ar: '',
  origin_en: '',
  variants: [EMPTY_VARIANT],
}

/** A fresh copy of the empty form (the field arrays must not share the constant's arrays). */
const emptyProduct = (): ProductFormValues => ({
  ...EMPTY_PRODUCT,
  variants: [{ ...EMPTY_VARIANT, tiers: [] }],
})

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v))

/** A product as the form edits it: the stored texts of each language (staff answers), else the row's own texts. */
export function toFormValues(p: Product): ProductFormValues {
  return {
    name_ar: p.name_ar ?? p.name ?? '',
    name_en: p.name_en ?? '',
    description_ar: p.description_ar ?? p.description ?? '',
    description_en: p.description_en ?? '',
    category_id: str(p.category_id ?? p.category?.id),
    is_active: Boolean(p.is_active),
    weight_ar: p.weight_ar ?? p.attributes?.weight ?? '',
    weight_en: p.weight_en ?? '',
    origin_ar: p.origin_ar ?? p.attributes?.origin ?? '',
    origin_en: p.origin_en ?? '',
    variants: productVariantValues(p),
  }
}

// The shared schema takes strings from forms and gives numbers/nulls; the resolver types say so.
const resolver = zodResolver(ProductInput) as unknown as Resolver<ProductFormValues, unknown, ProductInput>

export interface ProductFormDialogProps {
  open: boolean
  /** The row being edited; null adds a new product. */
  product: Product | null
  onClose(): void
}

/** The product form (product.md §2.16): after adding it clears and stays open; after editing it closes. */
export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  const { t } = useTranslation('dashboard')
  const editing = product !== null
  // Decision 0216: without costs.view the form neither shows nor sends buying prices.
  const costs = useCan()('costs.view')
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver,
    defaultValues: emptyProduct(),
    shouldFocusError: true,
  })
  const { register, handleSubmit, reset, setError, formState } = form
  const errors = formState.errors
  const [image, setImage] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [imageError, setImageError] = useState<string | undefined>()
  const fileInput = useRef<HTMLInputElement>(null)
  const imageId = useId()

  const categories = useQuery({ ...categoryOptionsQuery(), enabled: open })
  // product.md §2.16: edit first loads the full product, falling back to the row data on failure.
  const detail = useQuery({ ...productDetailQuery(product?.id ?? 0), enabled: open && editing })

  const clearImage = () => {
    setImage(null)
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old)
      return null
    })
    setImageError(undefined)
    if (fileInput.current) fileInput.current.value = ''
  }

  // Filled once per opening: a later refetch (of the product or of the list row) never overwrites what the admin typed.
  const filledFor = useRef<string | null>(null)
  useEffect(() => {
    if (!open) {
      filledFor.current = null
      return
    }
    const key = product ? `product-${product.id}` : 'new'
    if (filledFor.current === key) return
    const values = !product
      ? emptyProduct()
      : detail.data
        ? toFormValues(detail.data)
        : detail.isError
          ? toFormValues(product)
          : null
    if (!values) return
    reset(values)
    filledFor.current = key
  }, [open, product, detail.data, detail.isError, reset])

  useEffect(() => {
    if (!open) clearImage()
  }, [open])

  const save = useMutation({
    mutationFn: (input: ProductInput) => {
      const values = costs ? withDefaultPackFields(input) : withoutCosts(withDefaultPackFields(input))
      return product ? updateProduct(product.id, values, image) : createProduct(values, image)
    },
    meta: { invalidates: changedBy.product },
    onSuccess: () => {
      if (product) {
        toast.success(t('products.updated'))
        onClose()
      } else {
        toast.success(t('products.created'))
        reset(emptyProduct())
        clearImage()
      }
    },
    onError: (err) => {
      // Decision 0218: the stock moved since the form was filled and the admin typed a new count. The pack's field says
      // what it is now; the next save (the count confirmed or changed) is based on that figure.
      if (err instanceof ApiError && err.code === 'STOCK_CHANGED') {
        const index = form.getValues('variants').findIndex((v) => v.id === err.body?.variant_id)
        if (index >= 0 && typeof err.body?.stock === 'number') {
          form.setValue(`variants.${index}.stock_based_on`, String(err.body.stock))
          setError(`variants.${index}.stock`, { message: err.message }, { shouldFocus: true })
        }
      }
      // product.md §8.3: save errors are shown in a toast; field errors go under their fields.
      if (err instanceof ApiError && err.errors) {
        const packs = form.getValues('variants')
        const defaultIndex = Math.max(
          0,
          packs.findIndex((v) => v.is_active),
        )
        for (const [field, messages] of Object.entries(err.errors)) {
          const packField = formFieldOf(field, defaultIndex)
          if (field in EMPTY_PRODUCT && field !== 'variants')
            setError(field as keyof ProductFormValues, { message: messages[0] })
          else if (packField === 'variants') setError('variants', { message: messages[0] })
          else if (packField) setError(packField as FieldPath<ProductFormValues>, { message: messages[0] })
          else if (field === 'image') setImageError(messages[0])
        }
      }
      toast.error(t('products.save_failed', { message: err.message }))
    },
  })

  const onImage = (file: File | undefined) => {
    clearImage()
    if (!file) return
    // product.md §5.4, §10.8: an image file; the API takes these formats only (and checks the content again).
    if (!IMAGE_TYPES.includes(file.type)) {
      setImageError('validation.image_invalid')
      return
    }
    setImage(file)
    setPreview(URL.createObjectURL(file))
  }

  const loading = editing && detail.isFetching && !detail.data && !detail.isError
  const currentImage =
    preview ??
    (editing
      ? (detail.data?.image_small_url ?? product?.image_small_url ?? product?.image_url ?? null)
      : null)

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('products.edit_title') : t('products.add_title')}
      size="xl"
      busy={save.isPending}
      submitDisabled={loading}
      submitLabel={
        save.isPending ? t('common:actions.saving') : editing ? t('common:actions.save') : t('products.add')
      }
      onSubmit={handleSubmit((v) => save.mutate(v))}
      loading={
        loading ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
            <Skeleton className="h-10" />
          </div>
        ) : undefined
      }
      // Decision 0192: who changed this product, and what.
      after={product ? <AuditTrail entity="product" id={product.id} /> : null}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <TranslatedFields
        form={form}
        label={t('products.name')}
        required
        ar="name_ar"
        en="name_en"
        className="sm:col-span-2"
      />
      <TranslatedFields
        form={form}
        label={t('products.description')}
        required
        rows={3}
        ar="description_ar"
        en="description_en"
        className="sm:col-span-2"
      />
      <Field label={t('products.category')} error={errors.category_id?.message}>
        {(p) => (
          <Select {...p} {...register('category_id')}>
            <option value="">{t('products.no_category')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="flex items-center gap-2 self-end pb-2.5 text-sm font-semibold text-stone-700">
        <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
        {t('products.active')}
      </label>
      <VariantsEditor form={form} />
      <TranslatedFields
        form={form}
        label={t('products.weight')}
        ar="weight_ar"
        en="weight_en"
        placeholderAr={t('products.weight_placeholder_ar')}
        placeholderEn={t('products.weight_placeholder_en')}
        className="sm:col-span-2"
      />
      <TranslatedFields
        form={form}
        label={t('products.origin')}
        ar="origin_ar"
        en="origin_en"
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <label htmlFor={imageId} className="mb-1 block text-sm font-semibold text-stone-700">
          {t('products.image')}
        </label>
        <div className="flex items-center gap-4">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-sand-300 bg-sand-100">
            {currentImage ? (
              <img src={currentImage} alt={t('products.image_preview')} className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-7 text-stone-400" aria-hidden="true" />
            )}
          </div>
          <input
            ref={fileInput}
            id={imageId}
            type="file"
            accept="image/*"
            aria-invalid={Boolean(imageError)}
            onChange={(e) => onImage(e.target.files?.[0])}
            className="block w-full text-sm text-stone-700 file:me-3 file:rounded-md file:border-0 file:bg-palm-50 file:px-3 file:py-2 file:font-semibold file:text-palm-800 hover:file:bg-palm-100"
          />
        </div>
        <FieldError message={imageError} />
      </div>
    </FormDialog>
  )
}
