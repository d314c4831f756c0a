import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  RegisterInput,
  ResetPasswordInput,
  User,
} from '@shop/shared/schemas/auth'
import type { InvitationInfo } from '@shop/shared/schemas/team'
import { ApiError, api } from '../../../lib/api-client.ts'

// product.md §7.2 account calls; each answer's message is already translated by the server.
export const postLogin = (input: LoginInput) =>
  api<Partial<LoginResponse>>('/api/auth/login', { method: 'POST', body: input })
export const postRegister = (input: RegisterInput) =>
  api<{ message: string; user?: User; token?: string }>('/api/auth/register', { method: 'POST', body: input })
export const postForgotPassword = (input: ForgotPasswordInput) =>
  api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: input })
export const postResetPassword = (input: ResetPasswordInput) =>
  api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: input })
export const postChangePassword = (input: ChangePasswordInput) =>
  api<{ message: string }>('/api/auth/change-password', { method: 'POST', body: input })
// Issue 30: an invited staff member's page (decision 0196).
export const getInvitation = (token: string) =>
  api<InvitationInfo>(`/api/auth/invitation/${encodeURIComponent(token)}`)
export const postAcceptInvitation = (input: AcceptInvitationInput) =>
  api<LoginResponse>('/api/auth/accept-invitation', { method: 'POST', body: input })

/** product.md §8.3: the server's message when it gave one, otherwise the screen's fallback text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback
}

/** product.md §2.11: a server errors object is flattened and joined with a comma. */
export function flattenErrors(errors: Record<string, string[] | string> | undefined): string {
  if (!errors) return ''
  return Object.values(errors)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter(Boolean)
    .join(', ')
}
