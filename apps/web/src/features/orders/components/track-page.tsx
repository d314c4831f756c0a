import { zodResolver } from '@hookform/resolvers/zod'
import { PackageSearch, Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { TrackByPhoneInput, type TrackedOrder } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { FullPageSpinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { toast } from '../../../lib/toast.ts'
import { useShopSettings } from '../../../lib/shop-settings.ts'
import { cancelTrackedOrder, trackOrder } from '../api/order-actions.ts'
import { TrackedOrderView } from './tracked-order-view.tsx'

/** How the order was opened: the mail link's token, or the phone typed with its number (either can cancel). */
type Lookup = { order: TrackedOrder; token: string | null; phone: string | null }

/**
 * Decision 0068: /track. A visitor looks an order up with its number and phone; the link of an order mail
 * (`?order=…&token=…`) opens it directly. Either may cancel it while it is pending (decision 0069, amended by issue
 * 39: a shop without mail sends no link).
 */
export function TrackPage() {
  const { t } = useTranslation('storefront')
  // Issue 39: a shop without mail sent no order mail to find the number in.
  const mailOff = useShopSettings().mail_enabled === false
  const [params, setParams] = useSearchParams()
  const linkOrder = params.get('order') ?? ''
  const linkToken = params.get('token')
  const [lookup, setLookup] = useState<Lookup | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [opening, setOpening] = useState(Boolean(linkOrder && linkToken))
  const form = useForm<TrackByPhoneInput>({
    resolver: zodResolver(TrackByPhoneInput),
    defaultValues: { order_number: linkOrder, phone: '' },
  })
  const opened = useRef(false)

  // The mail's link: open the order at once.
  useEffect(() => {
    if (opened.current || !linkOrder || !linkToken) return
    opened.current = true
    trackOrder({ order_number: linkOrder, token: linkToken })
      .then((order) => setLookup({ order, token: linkToken, phone: null }))
      .catch((err: Error) => setProblem(err.message))
      .finally(() => setOpening(false))
  }, [linkOrder, linkToken])

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null)
    try {
      const order = await trackOrder(values)
      setLookup({ order, token: null, phone: values.phone })
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors))
          if (field === 'order_number' || field === 'phone') form.setError(field, { message: messages[0] })
      }
      setProblem((err as Error).message)
    }
  })

  const again = () => {
    setLookup(null)
    setProblem(null)
    // A link's token stays out of the address once the visitor moves on.
    if (linkToken) setParams({}, { replace: true })
  }

  if (opening) return <FullPageSpinner />

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-palm-50 text-palm-700">
          <PackageSearch className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-extrabold text-stone-900">{t('track.title')}</h1>
          <p className="mt-1 text-stone-600">{lookup ? t('track.found_subtitle') : t('track.subtitle')}</p>
        </div>
      </div>

      {lookup ? (
        <TrackedOrderView
          order={lookup.order}
          onAnother={again}
          onCancel={async (reason) => {
            const order = await cancelTrackedOrder({
              order_number: lookup.order.order_number,
              ...(lookup.token ? { token: lookup.token } : { phone: lookup.phone ?? '' }),
              reason,
            })
            setLookup({ ...lookup, order })
            toast.success(t('cancel.done', { number: order.order_number }))
          }}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-label={t('track.title')}
          className="mx-auto max-w-lg rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 shadow-[var(--shadow-soft)]"
        >
          <div className="space-y-4">
            <Field
              label={t('track.order_number')}
              required
              error={form.formState.errors.order_number?.message}
              hint={mailOff ? t('track.order_number_hint_no_mail') : t('track.order_number_hint')}
            >
              {(p) => (
                <Input
                  {...p}
                  dir="ltr"
                  autoComplete="off"
                  autoCapitalize="characters"
                  placeholder="ORD-250301-00009"
                  {...form.register('order_number')}
                />
              )}
            </Field>
            <Field
              label={t('track.phone')}
              required
              error={form.formState.errors.phone?.message}
              hint={t('track.phone_hint')}
            >
              {(p) => (
                <Input
                  {...p}
                  type="tel"
                  inputMode="tel"
                  dir="ltr"
                  autoComplete="tel"
                  {...form.register('phone')}
                />
              )}
            </Field>
          </div>
          {problem ? (
            <p
              role="alert"
              className="mt-4 rounded-[var(--radius-control)] border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              {problem}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="mt-5 w-full"
            busy={form.formState.isSubmitting}
            icon={<Search className="size-4" aria-hidden="true" />}
          >
            {form.formState.isSubmitting ? t('track.searching') : t('track.submit')}
          </Button>
          <p className="mt-4 text-center text-xs text-stone-600">{t('track.privacy_note')}</p>
        </form>
      )}
    </div>
  )
}
