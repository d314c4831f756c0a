import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ForgotPasswordForm } from './forgot-password-form.tsx'
import { LoginForm } from './login-form.tsx'
import { RegisterForm } from './register-form.tsx'
import { ResetPasswordForm } from './reset-password-form.tsx'

const admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@golden-palm.ly',
  is_admin: true,
  is_active: true,
  role: 'super_admin',
  roles: [{ name: 'super_admin' }],
  created_at: '2025-01-01',
}

beforeEach(() => setLanguage('en'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

async function submitEmpty(name: string) {
  await userEvent.click(screen.getByRole('button', { name }))
}

describe('before the script arrives (issue 40)', () => {
  it('every form that takes a password posts: a submit before hydration never puts it in the address', () => {
    mockFetch({ 'GET /api/me': () => ({ body: admin }) })
    for (const [form, url] of [
      [<LoginForm key="login" />, '/login'],
      [<RegisterForm key="register" />, '/register'],
      [<ResetPasswordForm key="reset" />, '/reset-password?token=abc&email=s%40example.ly'],
      [<ChangePasswordForm key="change" />, '/change-password'],
      [<ForgotPasswordForm key="forgot" />, '/forgot-password'],
    ] as const) {
      const { container, unmount } = renderScreen(form, url)
      const forms = [...container.querySelectorAll('form')]
      expect(forms.length, url).toBeGreaterThan(0)
      for (const f of forms) expect(f.getAttribute('method'), url).toBe('post')
      unmount()
    }
  })
})

describe('validation messages in both languages (product.md §5.2)', () => {
  it('login', async () => {
    mockFetch({})
    renderScreen(<LoginForm />, '/login')
    await submitEmpty('Sign in')
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByLabelText(/Email/)).toHaveFocus()
    await setLanguage('ar')
    expect(await screen.findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument()
    expect(screen.getByText('يجب أن تتكون كلمة المرور من 6 أحرف على الأقل')).toBeInTheDocument()
  })

  it('register', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/Full name/), 'S')
    await u.type(screen.getByLabelText(/^Password/), 'secret1')
    await u.type(screen.getByLabelText(/Confirm password/), 'secret2')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument()
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('يجب أن يتكون الاسم من حرفين على الأقل')).toBeInTheDocument()
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument()
  })

  it('register refuses a password of spaces only with the shared schema’s message, and sends nothing', async () => {
    const { calls } = mockFetch({})
    const u = userEvent.setup()
    renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/Full name/), 'Salma')
    await u.type(screen.getByLabelText(/Email/), 'salma@example.ly')
    await u.type(screen.getByLabelText(/^Password/), '        ')
    await u.type(screen.getByLabelText(/Confirm password/), '        ')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/auth/register')).toEqual([])
    await setLanguage('ar')
    expect(await screen.findByText('يجب أن تتكون كلمة المرور من 6 أحرف على الأقل')).toBeInTheDocument()
  })

  it('forgot password', async () => {
    mockFetch({})
    renderScreen(<ForgotPasswordForm />, '/forgot-password')
    await submitEmpty('Send reset link')
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument()
  })

  it('reset password', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderScreen(<ResetPasswordForm />, '/reset-password?token=abc&email=s%40example.ly')
    await u.type(screen.getByLabelText(/New password/), 'short')
    await u.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل')).toBeInTheDocument()
    expect(screen.getByText('تأكيد كلمة المرور مطلوب')).toBeInTheDocument()
  })

  it('change password', async () => {
    mockFetch({})
    renderScreen(<ChangePasswordForm />, '/change-password')
    await submitEmpty('Change password')
    expect(await screen.findByText('Current password is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    await setLanguage('ar')
    expect(await screen.findByText('كلمة المرور الحالية مطلوبة')).toBeInTheDocument()
  })
})

describe('new passwords: the strength hint and the refusal of common ones (decision 0093)', () => {
  it('register: the hint says how hard the password is to guess, and warns before the shop refuses a common one', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderScreen(<RegisterForm />, '/register')
    expect(
      screen.getByText('At least 6 characters · avoid common passwords such as 123456 or password'),
    ).toBeInTheDocument()
    const field = screen.getByLabelText(/^Password/)
    await u.type(field, 'qwerty123')
    expect(
      await screen.findByText('One of the most common passwords: the shop will refuse it'),
    ).toBeInTheDocument()
    await u.clear(field)
    await u.type(field, 'Tamr-Jufra-Nakhla-77')
    expect(await screen.findByText('Strong')).toBeInTheDocument()
    // The hint is read with the field.
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
  })

  it('…in Arabic', async () => {
    await setLanguage('ar')
    mockFetch({})
    const u = userEvent.setup()
    renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/^كلمة المرور/), 'password')
    expect(await screen.findByText('من أكثر كلمات المرور شيوعًا: لن يقبلها المتجر')).toBeInTheDocument()
  })

  for (const [name, form, path, button, fill] of [
    [
      'reset',
      <ResetPasswordForm key="r" />,
      '/reset-password?token=abc&email=s%40example.ly',
      'Reset password',
      [],
    ],
    ['change', <ChangePasswordForm key="c" />, '/change-password', 'Change password', [/Current password/]],
  ] as const) {
    it(`${name} password: the server's refusal of a common password is said under the field`, async () => {
      localStorage.setItem('token', 'tok')
      mockFetch({
        [`POST /api/auth/${name}-password`]: () => ({
          status: 422,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid',
            errors: {
              password: ['This is one of the most common passwords and is easy to guess. Choose another'],
            },
          },
        }),
        'GET /api/me': () => ({ body: admin }),
      })
      const u = userEvent.setup()
      renderScreen(form, path)
      for (const label of fill) await u.type(screen.getByLabelText(label), 'old-pass-123')
      await u.type(screen.getByLabelText(/New password/), '12345678')
      await u.type(screen.getByLabelText(/Confirm password/), '12345678')
      await u.click(screen.getByRole('button', { name: button }))
      const alerts = await screen.findAllByText(
        'This is one of the most common passwords and is easy to guess. Choose another',
      )
      expect(alerts.some((a) => a.closest('[role="alert"]'))).toBe(true)
    })
  }
})

describe('account flows (product.md §2.11, §8.3)', () => {
  it('signs an admin in, disables the button while busy, and goes to /dashboard after 100 ms', async () => {
    let release: () => void = () => {}
    mockFetch({
      'POST /api/auth/login': () =>
        new Promise((r) => (release = () => r({ body: { token: 'tok', user: admin } }))),
      'GET /api/me': () => ({ body: admin }),
    })
    const u = userEvent.setup()
    const { router } = renderScreen(<LoginForm />, '/login', [{ path: '/dashboard', element: <p>dash</p> }])
    await u.type(screen.getByLabelText(/Email/), 'admin@golden-palm.ly')
    await u.type(screen.getByLabelText(/Password/), 'admin12345')
    await u.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled()
    release()
    expect(await screen.findByText('Login successful')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('tok')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('says so when the server answers without a token', async () => {
    mockFetch({ 'POST /api/auth/login': () => ({ body: { user: admin } }) })
    const u = userEvent.setup()
    renderScreen(<LoginForm />, '/login')
    await u.type(screen.getByLabelText(/Email/), 'a@b.ly')
    await u.type(screen.getByLabelText(/Password/), 'secret1')
    await u.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('No token received from server')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows the server message when sign-in fails', async () => {
    mockFetch({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect' },
      }),
    })
    const u = userEvent.setup()
    renderScreen(<LoginForm />, '/login')
    await u.type(screen.getByLabelText(/Email/), 'a@b.ly')
    await u.type(screen.getByLabelText(/Password/), 'secret1')
    await u.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('The email or password is incorrect')).toBeInTheDocument()
  })

  it('shows server field errors under the fields and joined in the toast on register', async () => {
    mockFetch({
      'POST /api/auth/register': () => ({
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { email: ['This email is already registered'], name: ['Name is odd'] },
        },
      }),
    })
    const u = userEvent.setup()
    renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/Full name/), 'Sara')
    await u.type(screen.getByLabelText(/Email/), 'sara@example.ly')
    await u.type(screen.getByLabelText(/^Password/), 'secret1')
    await u.type(screen.getByLabelText(/Confirm password/), 'secret1')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('This email is already registered, Name is odd')).toBeInTheDocument()
    expect(screen.getByText('This email is already registered')).toBeInTheDocument()
    expect(screen.getByText('Name is odd')).toBeInTheDocument()
  })

  it('is signed in after registering, with no second sign-in (decision 0138)', async () => {
    const user = {
      id: 5,
      name: 'Sara',
      email: 'sara@example.ly',
      is_admin: false,
      is_active: true,
      role: 'user',
      roles: [{ name: 'user' }],
      created_at: '2025-01-01',
    }
    mockFetch({
      'POST /api/auth/register': () => ({ status: 201, body: { message: 'ok', user, token: 'tok-new' } }),
      'GET /api/me': () => ({ body: user }),
    })
    const u = userEvent.setup()
    const { router } = renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/Full name/), 'Sara')
    await u.type(screen.getByLabelText(/Email/), 'sara@example.ly')
    await u.type(screen.getByLabelText(/^Password/), 'secret1')
    await u.type(screen.getByLabelText(/Confirm password/), 'secret1')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Your account is ready and you are signed in.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(localStorage.getItem('token')).toBe('tok-new')
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'sara@example.ly' })
  })

  it('goes to /login after registering when the answer has no token (an older server)', async () => {
    mockFetch({ 'POST /api/auth/register': () => ({ status: 201, body: { message: 'ok' } }) })
    const u = userEvent.setup()
    const { router } = renderScreen(<RegisterForm />, '/register')
    await u.type(screen.getByLabelText(/Full name/), 'Sara')
    await u.type(screen.getByLabelText(/Email/), 'sara@example.ly')
    await u.type(screen.getByLabelText(/^Password/), 'secret1')
    await u.type(screen.getByLabelText(/Confirm password/), 'secret1')
    await u.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Registration successful! Please login.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('sends a reset link with a success toast', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/forgot-password': () => ({ body: { message: 'sent' } }) })
    const u = userEvent.setup()
    renderScreen(<ForgotPasswordForm />, '/forgot-password')
    await u.type(screen.getByLabelText(/Email/), 'Sara@Example.ly')
    await u.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Password reset link sent to your email!')).toBeInTheDocument()
    expect(calls.at(-1)!.body).toEqual({ email: 'sara@example.ly' })
  })

  it('refuses a reset link without token or email: toast and /login', async () => {
    mockFetch({})
    const { router } = renderScreen(<ResetPasswordForm />, '/reset-password?token=abc')
    expect(await screen.findByText('Invalid reset link')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('change password without a token says so and calls nothing', async () => {
    const { calls } = mockFetch({})
    const u = userEvent.setup()
    renderScreen(<ChangePasswordForm />, '/change-password')
    await u.type(screen.getByLabelText(/Current password/), 'oldpass1')
    await u.type(screen.getByLabelText(/New password/), 'newpass12')
    await u.type(screen.getByLabelText(/Confirm password/), 'newpass12')
    await u.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('No authentication token found')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/auth/change-password')).toHaveLength(0)
  })
})
