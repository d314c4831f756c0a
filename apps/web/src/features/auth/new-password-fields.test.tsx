import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

afterEach(() => vi.unstubAllGlobals())

function Form({ label, minLength }: { label?: 'new' | 'plain'; minLength: 6 | 8 }) {
  const form = useForm({ defaultValues: { email: '', password: '', password_confirmation: '' } })
  return (
    <form>
      <NewPasswordFields form={form} minLength={minLength} label={label} />
    </form>
  )
}

describe.each([
  ['ar', 'كلمة المرور الجديدة', 'كلمة المرور', 'تأكيد كلمة المرور', '8 أحرف على الأقل'],
  ['en', 'New password', 'Password', 'Confirm password', 'At least 8 characters'],
] as const)(
  'the new-password fields of sign-up, reset, change and invitation (%s)',
  (lang, fresh, plain, confirm, hint8) => {
    it('asks for the password and its confirmation as new passwords, with the strength hint', async () => {
      await setLanguage(lang)
      mockFetch({})
      renderScreen(<Form minLength={8} />)
      const password = screen.getByLabelText(new RegExp(`^${fresh}`))
      const again = screen.getByLabelText(new RegExp(`^${confirm}`))
      for (const box of [password, again]) {
        expect(box).toHaveAttribute('type', 'password')
        expect(box).toHaveAttribute('autocomplete', 'new-password')
      }
      expect(password).toHaveAccessibleDescription(new RegExp(hint8))
      await userEvent.type(password, 'x')
      expect(await screen.findByTestId('password-strength')).toBeInTheDocument()
    })

    it("sign-up's field is just the password", async () => {
      await setLanguage(lang)
      mockFetch({})
      renderScreen(<Form minLength={6} label="plain" />)
      expect(screen.getByLabelText(new RegExp(`^${plain}`))).toHaveAttribute('autocomplete', 'new-password')
      expect(screen.queryByLabelText(new RegExp(`^${fresh}`))).toBeNull()
    })
  },
)
