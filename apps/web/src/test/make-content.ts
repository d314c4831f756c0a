import { EMPTY_CONTENT, type StorefrontContent } from '@shop/shared/schemas/content'

const both = (ar: string, en: string) => ({ ar, en })

/** A shop's storefront content for tests (decision 0125): a little of everything, changed per test by `patch`. */
export function makeContent(patch: Partial<StorefrontContent> = {}): StorefrontContent {
  return {
    ...EMPTY_CONTENT,
    hero: {
      eyebrow: both('من نخيلنا', 'From our palms'),
      title: both('تمور المزرعة', 'Farm dates'),
      text: both('تمور مختارة', 'Hand-picked dates'),
      image_id: null,
    },
    about: {
      title: both('مزرعة عائلية', 'A family farm'),
      text: both('نزرع منذ 2018', ''),
      stats: [{ value: '2018', label: both('سنة التأسيس', 'Founded') }],
      cards: [{ icon: 'leaf', title: both('طبيعي', 'Natural'), text: both('بلا إضافات', 'No additives') }],
    },
    quality: {
      title: both('الجودة', 'Quality'),
      text: both('', ''),
      practices: [{ icon: 'sun', title: both('حصاد', 'Harvest'), text: both('يدويًا', 'By hand') }],
      badges: [
        { icon: 'shield', title: both('ISO 22000', 'ISO 22000'), text: both('سلامة الغذاء', 'Food safety') },
        { icon: 'award', title: both('جائزة', 'Quality award'), text: both('', '') },
      ],
    },
    footer_text: both('مزرعة في ليبيا', 'A farm in Libya'),
    hours: [{ days: both('السبت – الخميس', 'Saturday – Thursday'), time: '8:00 – 20:00' }],
    address: both('طرابلس، ليبيا', 'Tripoli, Libya'),
    ...patch,
  }
}
