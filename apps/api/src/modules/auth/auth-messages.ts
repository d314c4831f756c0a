import type { Language } from '@shop/shared/i18n/messages'

// Success answers of the auth calls. The web shows its own toasts (product.md §8.3), so these texts only matter
// to other clients; they live here because the shared table holds validation and error keys only.
const texts = {
  registered: {
    ar: 'تم إنشاء حسابك، وأنت مسجَّل الدخول الآن.',
    en: 'Your account is ready and you are signed in.',
  },
  logged_out: { ar: 'تم تسجيل الخروج', en: 'Logged out' },
  reset_link_sent: {
    ar: 'إذا كان البريد الإلكتروني مسجلًا لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور.',
    en: 'If this email is registered, a password reset link is on its way.',
  },
  password_reset: { ar: 'تمت إعادة تعيين كلمة المرور بنجاح!', en: 'Password reset successfully!' },
  password_changed: { ar: 'تم تغيير كلمة المرور بنجاح!', en: 'Password changed successfully!' },
} as const

export type AuthMessage = keyof typeof texts

export const authMessage = (key: AuthMessage, lang: Language) => texts[key][lang]

/** Issue 26: minutes counted the Arabic way (0, 1, 2, 3–10, 11–99, 100+ take different forms), and the English. */
const MINUTES: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>>> = {
  ar: {
    zero: 'أقل من دقيقة',
    one: 'دقيقة واحدة',
    two: 'دقيقتين',
    few: '{{count}} دقائق',
    many: '{{count}} دقيقة',
    other: '{{count}} دقيقة',
  },
  en: { one: '1 minute', other: '{{count}} minutes' },
}
export const minutesText = (minutes: number, lang: Language) =>
  (MINUTES[lang][new Intl.PluralRules(lang).select(minutes)] ?? MINUTES[lang].other!).replace(
    '{{count}}',
    String(minutes),
  )

/**
 * The reset mail carries both languages: the shop does not know which one the reader prefers. `names` is the shop's
 * name in each (decision 0122: as the owner set it).
 */
export function resetMail(
  link: string,
  minutes: number,
  names: Record<Language, string>,
): { subject: string; text: string } {
  return {
    subject: 'إعادة تعيين كلمة المرور / Password reset',
    text: [
      'مرحبًا،',
      `طلبت إعادة تعيين كلمة المرور لحسابك في متجر ${names.ar}. افتح الرابط التالي لاختيار كلمة مرور جديدة:`,
      link,
      `الرابط صالح لمدة ${minutesText(minutes, 'ar')} ولمرة واحدة فقط. إذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
      '',
      '---',
      '',
      'Hello,',
      `You asked to reset the password of your ${names.en} shop account. Open this link to choose a new password:`,
      link,
      `The link works once and expires in ${minutesText(minutes, 'en')}. If you did not ask for this, ignore this message.`,
    ].join('\n'),
  }
}
