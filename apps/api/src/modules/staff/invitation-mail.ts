import type { Language } from '@shop/shared/i18n/messages'

/** The invitation page of the web app (apps/web `/invitation/:token`). */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invitation/${encodeURIComponent(token)}`
}

/** Days the Arabic way (1, 2, 3–10, 11+ take different forms) and the English; hours when under a day. */
const DAYS: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>>> = {
  ar: {
    zero: 'أقل من يوم',
    one: 'يوم واحد',
    two: 'يومين',
    few: '{{count}} أيام',
    many: '{{count}} يومًا',
    other: '{{count}} يوم',
  },
  en: { one: '1 day', other: '{{count}} days' },
}
const HOURS: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>>> = {
  ar: {
    zero: 'أقل من ساعة',
    one: 'ساعة واحدة',
    two: 'ساعتين',
    few: '{{count}} ساعات',
    many: '{{count}} ساعة',
    other: '{{count}} ساعة',
  },
  en: { one: '1 hour', other: '{{count}} hours' },
}
export function durationText(hours: number, lang: Language): string {
  const [table, count] = hours % 24 === 0 ? [DAYS, hours / 24] : [HOURS, hours]
  const forms = table[lang]
  return (forms[new Intl.PluralRules(lang).select(count)] ?? forms.other!).replace('{{count}}', String(count))
}

export interface InvitationMailInput {
  link: string
  /** The owner who invited (null when the shop itself did, e.g. a script). */
  inviter: string | null
  invitee: string
  roleNames: Record<Language, string>
  shopNames: Record<Language, string>
  hours: number
}

/**
 * Decision 0196: like the reset mail, the invitation carries both languages, Arabic first (the shop does not know
 * which one the new staff member reads); it names the shop, who invited, the role, the link and how long it works.
 */
export function invitationMail(input: InvitationMailInput): { subject: string; text: string } {
  const { link, inviter, invitee, roleNames, shopNames, hours } = input
  return {
    subject: `دعوة للانضمام إلى فريق ${shopNames.ar} / Join the ${shopNames.en} team`,
    text: [
      `مرحبًا ${invitee}،`,
      inviter
        ? `دعاك ${inviter} للانضمام إلى فريق متجر ${shopNames.ar} بدور «${roleNames.ar}».`
        : `أنت مدعو للانضمام إلى فريق متجر ${shopNames.ar} بدور «${roleNames.ar}».`,
      'افتح الرابط التالي لاختيار كلمة المرور والدخول إلى لوحة التحكم:',
      link,
      `الرابط صالح لمدة ${durationText(hours, 'ar')} ولمرة واحدة فقط. إذا لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.`,
      '',
      '---',
      '',
      `Hello ${invitee},`,
      inviter
        ? `${inviter} invited you to join the ${shopNames.en} shop team as ${roleNames.en}.`
        : `You are invited to join the ${shopNames.en} shop team as ${roleNames.en}.`,
      'Open this link to choose your password and reach the dashboard:',
      link,
      `The link works once and expires in ${durationText(hours, 'en')}. If you did not expect this invitation, ignore this message.`,
    ].join('\n'),
  }
}
