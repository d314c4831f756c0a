import { z } from 'zod'
import { ROLES } from '../constants.ts'
import { BUILT_IN_ROLES, PERMISSIONS } from '../permissions.ts'

export { ROLES, isStaffRoleName, type Role } from '../constants.ts'

// A missing or non-string email gets the same message as a malformed one (not the generic "Invalid value").
const email = z
  .string({ error: 'validation.email_invalid' })
  .trim()
  .toLowerCase()
  .max(254, 'validation.too_long')
  .pipe(z.email('validation.email_invalid'))

/**
 * A new password (register, reset, change): at least `min` characters, not counting whitespace around it, so a
 * password of spaces only is refused with the same "at least N characters" message (decision 0023). Not trimmed:
 * it is kept as typed.
 * Sign-in keeps the plain length rule so that any password set earlier still signs in.
 */
const newPassword = (min: 6 | 8) => {
  const message = `validation.password_min_${min}` as const
  return (
    z
      .string({ error: message })
      .min(min, message)
      .max(200, 'validation.password_max')
      // Only a password that passed the length checks is looked at again, so one mistake gives one message.
      .refine((v) => v.length < min || v.length > 200 || v.trim().length >= min, message)
  )
}

export const LoginInput = z.object({
  email,
  password: z
    .string({ error: 'validation.password_min_6' })
    .min(6, 'validation.password_min_6')
    .max(200, 'validation.password_max'),
})
export type LoginInput = z.infer<typeof LoginInput>

export const RegisterInput = z
  .object({
    name: z
      .string({ error: 'validation.name_min_2' })
      .trim()
      .min(2, 'validation.name_min_2')
      .max(100, 'validation.too_long'),
    email,
    password: newPassword(6),
    password_confirmation: z.string({ error: 'validation.passwords_dont_match' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'validation.passwords_dont_match',
    path: ['password_confirmation'],
  })
export type RegisterInput = z.infer<typeof RegisterInput>

export const ForgotPasswordInput = z.object({ email })
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>

const confirmation = z
  .string({ error: 'validation.password_confirmation_required' })
  .min(8, 'validation.password_confirmation_required')

export const ResetPasswordInput = z
  .object({
    email,
    token: z
      .string({ error: 'validation.token_required' })
      .min(1, 'validation.token_required')
      .max(200, 'validation.too_long'),
    password: newPassword(8),
    password_confirmation: confirmation,
  })
  // A too-short confirmation already says "required"; only a full one is compared.
  .refine((v) => v.password_confirmation.length < 8 || v.password === v.password_confirmation, {
    message: 'validation.passwords_dont_match',
    path: ['password_confirmation'],
  })
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>

/** Issue 30: POST /api/auth/accept-invitation, an invited staff member's first password (same rules as a reset). */
export const AcceptInvitationInput = z
  .object({
    token: z
      .string({ error: 'validation.token_required' })
      .min(1, 'validation.token_required')
      .max(200, 'validation.too_long'),
    password: newPassword(8),
    password_confirmation: confirmation,
  })
  .refine((v) => v.password_confirmation.length < 8 || v.password === v.password_confirmation, {
    message: 'validation.passwords_dont_match',
    path: ['password_confirmation'],
  })
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>

export const ChangePasswordInput = z
  .object({
    current_password: z
      .string({ error: 'validation.current_password_required' })
      .min(1, 'validation.current_password_required')
      .max(200, 'validation.password_max'),
    password: newPassword(8),
    password_confirmation: confirmation,
  })
  .refine((v) => v.password_confirmation.length < 8 || v.password === v.password_confirmation, {
    message: 'validation.passwords_dont_match',
    path: ['password_confirmation'],
  })
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  role: z.enum(ROLES),
  roles: z.array(z.object({ name: z.string() })),
  created_at: z.string(),
  /** Decision 0123: the account still has the README's default password (/me and sign-in tell it). */
  must_change_password: z.boolean().optional(),
  /**
   * Issue 30 (decision 0190): what the user may do (/me, sign-in): the staff role's permissions; empty for a shopper.
   * Optional so older answers still parse.
   */
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
  /** The staff role (its name in the reader's language); null for a shopper or an admin without one (a manager). */
  staff_role: z
    .object({ id: z.number().int(), key: z.enum(BUILT_IN_ROLES).nullable(), name: z.string() })
    .nullable()
    .optional(),
})
export type User = z.infer<typeof User>

export const LoginResponse = z.object({ token: z.string(), user: User })
export type LoginResponse = z.infer<typeof LoginResponse>

export const MessageResponse = z.object({ message: z.string() })

export const Autofill = z.object({
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Decision 0214: the WhatsApp number of the last order ('' when it had none: the checkout copies the phone). */
  whatsapp: z.string().optional(),
  address: z.string(),
  city: z.string(),
  city_id: z.number().int().nullable(),
  state: z.string(),
})
export type Autofill = z.infer<typeof Autofill>

export const ProfileResponse = z.object({ user: User, autofill: Autofill.nullable() })
export type ProfileResponse = z.infer<typeof ProfileResponse>
