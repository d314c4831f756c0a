/**
 * Issue 41: a WhatsApp number as the API gives it (international digits, `218912345678`) as staff read it:
 * `+218 91 234 5678` for a Libyan mobile, `+<digits>` for any other; shown in a left-to-right span in both languages.
 */
export function readableWhatsApp(number: string): string {
  const digits = number.replace(/\D/g, '')
  if (!digits) return number
  const libyan = /^218(\d{2})(\d{3})(\d{4})$/.exec(digits)
  return libyan ? `+218 ${libyan[1]} ${libyan[2]} ${libyan[3]}` : `+${digits}`
}
