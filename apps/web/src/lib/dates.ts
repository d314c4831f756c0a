const locale = (language: string) => (language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')

/**
 * A day as staff read it in lists: day/month/year with Western digits in both languages (docs/ui.md §2). The Arabic locale's
 * right-to-left marks are taken out: inside an `ltr-nums` span they would scramble the order of the parts.
 */
export function shortDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(locale(language)).replace(/\u200f/g, '')
}
