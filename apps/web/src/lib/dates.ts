const locale = (language: string) => (language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')

/**
 * A day as staff read it in lists: day/month/year with Western digits in both languages (docs/ui.md §2). The Arabic locale's
 * right-to-left marks are taken out: inside an `ltr-nums` span they would scramble the order of the parts.
 */
export function shortDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(locale(language)).replace(/\u200f/g, '')
}

/**
 * A moment as a shopper reads it, in the page's language with Intl (issue 26): the Arabic text keeps its own
 * right-to-left order and the marks Intl puts in it, so it must not be put inside a left-to-right span (that showed
 * «نوفمبر، 06:27 م 26»). Western digits in both languages (docs/ui.md §2).
 */
export function dateTime(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(locale(language), options).format(d)
}
