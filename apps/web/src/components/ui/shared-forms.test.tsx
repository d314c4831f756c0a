import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import { renderDashboard, stubFetch } from '../../test/render-dashboard.tsx'
import { DateRangeToolbar, type DateRangeValue } from './date-range-inputs.tsx'
import { FormDialog, showServerErrors } from './form-dialog.tsx'
import { TranslatedFields } from './translated-fields.tsx'

afterEach(() => vi.unstubAllGlobals())

const WORDS = {
  ar: {
    label: 'الاسم',
    save: 'حفظ',
    cancel: 'إلغاء',
    from: 'من',
    to: 'إلى',
    nameAr: /^الاسم بالعربية/,
    nameEn: /^الاسم بالإنجليزية/,
  },
  en: {
    label: 'Name',
    save: 'Save',
    cancel: 'Cancel',
    from: 'From',
    to: 'To',
    nameAr: /^Name in Arabic/,
    nameEn: /^Name in English/,
  },
} as const

interface Values {
  name_ar: string
  name_en: string
}

/** A dashboard form in the one form-dialog pattern, with one translated text. */
function NameDialog({
  label,
  onSave,
  fail,
}: {
  label: string
  onSave: (v: Values) => void
  fail?: ApiError
}) {
  const form = useForm<Values>({ defaultValues: { name_ar: 'تمر', name_en: 'Dates' } })
  const [open, setOpen] = useState(true)
  return (
    <FormDialog
      open={open}
      onClose={() => setOpen(false)}
      title="Name"
      busy={false}
      onSubmit={form.handleSubmit((v) => {
        if (fail)
          showServerErrors(fail, form.setError, ['name_ar', 'name_en'], { rename: { name: 'name_ar' } })
        else onSave(v)
      })}
    >
      <TranslatedFields form={form} label={label} ar="name_ar" en="name_en" />
    </FormDialog>
  )
}

describe.each(['ar', 'en'] as const)('shared form components (%s)', (lang) => {
  const w = WORDS[lang]

  it('the form dialog sends its form from the footer button and closes on Cancel', async () => {
    stubFetch(() => undefined)
    const saved = vi.fn()
    await renderDashboard(<NameDialog label={w.label} onSave={saved} />, lang)
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: w.save }))
    expect(saved).toHaveBeenCalledWith({ name_ar: 'تمر', name_en: 'Dates' })
    await userEvent.click(within(dialog).getByRole('button', { name: w.cancel }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("the server's field errors stand under their fields (an API name mapped to the form's)", async () => {
    stubFetch(() => undefined)
    const fail = new ApiError(422, 'VALIDATION_FAILED', 'x', { name: ['الاسم مستخدم'], other: ['?'] })
    await renderDashboard(<NameDialog label={w.label} onSave={vi.fn()} fail={fail} />, lang)
    await userEvent.click(await screen.findByRole('button', { name: w.save }))
    expect(await screen.findByText('الاسم مستخدم')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: w.nameAr })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: w.nameEn })).toHaveAttribute('aria-invalid', 'false')
  })

  it('translated fields: each typed in its own language and direction; a changed Arabic with the old English is said', async () => {
    stubFetch(() => undefined)
    await renderDashboard(<NameDialog label={w.label} onSave={vi.fn()} />, lang)
    const arabic = await screen.findByRole('textbox', { name: w.nameAr })
    const english = screen.getByRole('textbox', { name: w.nameEn })
    expect([arabic.getAttribute('dir'), arabic.getAttribute('lang')]).toEqual(['rtl', 'ar'])
    expect([english.getAttribute('dir'), english.getAttribute('lang')]).toEqual(['ltr', 'en'])
    expect(screen.queryByTestId('english-outdated')).toBeNull()
    await userEvent.type(arabic, ' دقلة')
    expect(screen.getByTestId('english-outdated')).toBeInTheDocument()
    // Put back as it was: nothing to say.
    await userEvent.clear(arabic)
    await userEvent.type(arabic, 'تمر')
    expect(screen.queryByTestId('english-outdated')).toBeNull()
  })

  it('the date-range toolbar bounds each date by the other and offers its one action', async () => {
    stubFetch(() => undefined)
    const cleared = vi.fn()
    function Toolbar() {
      const [range, setRange] = useState<DateRangeValue>({ from: '2026-01-05', to: '' })
      return (
        <DateRangeToolbar value={range} onChange={setRange} action={{ label: 'clear', onClick: cleared }} />
      )
    }
    await renderDashboard(<Toolbar />, lang)
    const from = await screen.findByLabelText(w.from)
    const to = screen.getByLabelText(w.to)
    expect(to).toHaveAttribute('min', '2026-01-05')
    await userEvent.type(to, '2026-02-01')
    expect(from).toHaveAttribute('max', '2026-02-01')
    await userEvent.click(screen.getByRole('button', { name: 'clear' }))
    expect(cleared).toHaveBeenCalledOnce()
  })
})
