import { dictionary } from '@zxcvbn-ts/language-common'

// Decision 0093: a new password may not be one of the passwords people choose most. The list is zxcvbn-ts's
// `passwords-common` (about 49,000 passwords ranked by how often they appear in leaked sets), the same list the web's
// strength hint uses, so the hint and the refusal agree. It stays on the server: the browser loads it only with the hint.

let common: Set<string> | null = null

/** Whether the password (ignoring case and surrounding spaces) is on the common-passwords list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()))
  return common.has(password.trim().toLowerCase())
}
