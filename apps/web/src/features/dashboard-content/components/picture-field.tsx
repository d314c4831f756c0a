import { useMutation } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { FieldError } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { uploadContentImage } from '../api/content-api.ts'
import { errorAt, type ContentForm } from './content-form-values.ts'

/** The logo or the hero picture: shown, replaced by an upload, or removed (the shop's own picture then). */
export function PictureField({
  form,
  name,
  label,
  fallback,
}: {
  form: ContentForm
  name: 'logo_image_id' | 'hero.image_id'
  label: string
  fallback: string
}) {
  const { t } = useTranslation('dashboard')
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string>()
  const id = form.watch(name)
  const upload = useMutation({
    mutationFn: uploadContentImage,
    onSuccess: (res) => {
      setProblem(undefined)
      form.setValue(name, res.id, { shouldDirty: true })
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? (err.errors?.image?.[0] ?? err.message) : String(err)),
  })
  return (
    <div className="flex flex-wrap items-center gap-4">
      <img
        src={id ? `/api/images/${id}/small.webp` : fallback}
        alt={t('content.picture_preview', { item: label })}
        className="size-20 rounded-[var(--radius-control)] border border-sand-300 bg-sand-50 object-contain p-1"
      />
      <div className="min-w-0">
        <p className="font-semibold text-stone-800">{label}</p>
        <p className="text-sm text-stone-600">
          {id ? t('content.picture_custom') : t('content.picture_default')}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('content.file_for', { item: label })}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) upload.mutate(file)
              e.target.value = ''
            }}
          />
          <Button
            variant="outline"
            size="sm"
            busy={upload.isPending}
            icon={<ImagePlus className="size-4" aria-hidden="true" />}
            aria-label={t('content.upload', { item: label })}
            onClick={() => input.current?.click()}
          >
            {t('content.upload_button')}
          </Button>
          {id ? (
            <Button
              variant="ghost-danger"
              size="sm"
              aria-label={t('content.remove_picture', { item: label })}
              onClick={() => form.setValue(name, null, { shouldDirty: true })}
            >
              {t('content.default_button')}
            </Button>
          ) : null}
        </div>
        <FieldError message={problem ?? errorAt(form.formState.errors, name)} />
      </div>
    </div>
  )
}
