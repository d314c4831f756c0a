// Digits as the shop stores them. This module imports nothing: the storefront's footer reaches it through
// orders/phone.ts, and importing it from schemas/common.ts pulled zod into every storefront page (decision 0185).

/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits as 0–9: the default Arabic keyboard of a phone types them, and phone
 * numbers are stored and shown in Western digits (docs/ui.md §2).
 */
export function westernDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
}
