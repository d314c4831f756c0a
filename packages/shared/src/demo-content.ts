import type { StorefrontContent } from './schemas/content.ts'

/**
 * The demo shop's storefront content (decision 0125): the texts the landing page and the footer carried in code until
 * the owner could write them. Every claim here (founded 2018, ten years, ISO 22000, the award, the hours) is Golden
 * Palm Farms'. The API seeds it; the dashboard's content screen compares the owner's content with it to mark what is
 * still the demo's (decision 0232), so a demo certificate is never taken for the owner's.
 */
export const DEMO_CONTENT: StorefrontContent = {
  logo_image_id: null,
  hero: {
    eyebrow: { ar: 'من نخيلنا إلى مائدتك', en: 'From our palms to your table' },
    title: {
      ar: 'تمور ليبية فاخرة ومنتجات طبيعية من المزرعة',
      en: 'Premium Libyan dates and natural farm products',
    },
    text: {
      ar: 'تمور مختارة بعناية، فسائل نخيل سليمة، عسل طبيعي خام وزيت زيتون بكر — بأسعار التجزئة لبيتك وبأسعار الجملة لتجارتك.',
      en: 'Hand-picked dates, healthy palm offshoots, raw honey and cold-pressed olive oil — at retail prices for your home and wholesale prices for your business.',
    },
    image_id: null,
  },
  about: {
    title: { ar: 'مزرعة عائلية تهتم بكل تمرة', en: 'A family farm that cares about every date' },
    text: {
      ar: 'تأسست مزارع النخيل الذهبية عام 2018 على يد عائلة تملك أكثر من عشر سنوات من الخبرة في زراعة النخيل. نزرع اليوم ونختار أكثر من عشرين نوعًا من المنتجات ونوصلها طازجة إلى مدن ليبيا.',
      en: 'Golden Palm Farms was founded in 2018 by a family with more than ten years of experience in palm cultivation. Today we grow and select more than twenty kinds of products and deliver them fresh across Libya.',
    },
    stats: [
      { value: '2018', label: { ar: 'سنة التأسيس', en: 'Founded' } },
      { value: '+10', label: { ar: 'سنوات من الخبرة', en: 'Years of experience' } },
      { value: '+20', label: { ar: 'نوعًا من المنتجات', en: 'Product kinds' } },
    ],
    cards: [
      {
        icon: 'leaf',
        title: { ar: 'طبيعي 100%', en: '100% natural' },
        text: {
          ar: 'بلا إضافات ولا مواد حافظة: ما يعطيه النخيل نوصله إليك.',
          en: 'No additives and no preservatives: what the palm gives, we deliver.',
        },
      },
      {
        icon: 'sprout',
        title: { ar: 'من المزرعة مباشرة', en: 'Straight from the farm' },
        text: {
          ar: 'نزرع ونحصد ونعبّئ بأنفسنا، فنعرف مصدر كل منتج.',
          en: 'We grow, harvest and pack ourselves, so we know where every product comes from.',
        },
      },
      {
        icon: 'truck',
        title: { ar: 'توصيل إلى مدينتك', en: 'Delivery to your city' },
        text: {
          ar: 'تغليف محكم وتوصيل إلى مدن ليبيا، مع عرض رسوم التوصيل قبل الطلب.',
          en: 'Careful packing and delivery to cities across Libya, with the fee shown before you order.',
        },
      },
      {
        icon: 'handshake',
        title: { ar: 'أسعار الجملة', en: 'Wholesale prices' },
        text: {
          ar: 'اشترِ بكميات ويُطبَّق سعر الجملة تلقائيًا — مثالي للمحلات والمناسبات.',
          en: 'Buy in quantity and the wholesale price applies automatically — ideal for shops and events.',
        },
      },
    ],
  },
  quality: {
    title: { ar: 'جودة تتذوقها وتثق بها', en: 'Quality you can taste and trust' },
    text: {
      ar: 'كل دفعة تمر بالممارسات الدقيقة نفسها، من النخلة إلى العبوة.',
      en: 'Every batch follows the same careful practices, from the palm to the package.',
    },
    practices: [
      {
        icon: 'leaf',
        title: { ar: 'زراعة طبيعية', en: 'Natural farming' },
        text: {
          ar: 'سماد عضوي وري مدروس، ودون إنضاج كيميائي.',
          en: 'Organic fertiliser and careful irrigation; no chemical ripening.',
        },
      },
      {
        icon: 'sun',
        title: { ar: 'حصاد في الوقت المناسب', en: 'Harvest at the right time' },
        text: {
          ar: 'نقطف التمور يدويًا عند تمام نضجها ونفرزها حسب الحجم والجودة.',
          en: 'Dates are picked by hand at full ripeness and sorted by size and quality.',
        },
      },
      {
        icon: 'snowflake',
        title: { ar: 'تخزين مبرد ونظيف', en: 'Cold, clean storage' },
        text: {
          ar: 'تُحفظ المنتجات في مخازن مبردة ونظيفة لتصلك طازجة.',
          en: 'Products are kept in cooled, clean stores to stay fresh until they reach you.',
        },
      },
      {
        icon: 'microscope',
        title: { ar: 'دفعات مفحوصة', en: 'Tested batches' },
        text: {
          ar: 'نفحص نقاء دفعات العسل والزيت قبل تعبئتها.',
          en: 'Honey and oil batches are checked for purity before they are packed.',
        },
      },
    ],
    badges: [
      {
        icon: 'shield',
        title: { ar: 'ISO 22000', en: 'ISO 22000' },
        text: { ar: 'شهادة نظام إدارة سلامة الغذاء', en: 'Food-safety management certificate' },
      },
      {
        icon: 'badge',
        title: { ar: 'طبيعي معتمد', en: 'Certified natural' },
        text: { ar: 'بلا إضافات أو مواد حافظة', en: 'No additives or preservatives' },
      },
      {
        icon: 'droplet',
        title: { ar: 'عسل نقي', en: 'Pure honey' },
        text: { ar: 'خام، غير مسخّن وغير مخلوط', en: 'Raw, unheated, unblended' },
      },
      {
        icon: 'award',
        title: { ar: 'جائزة الجودة المحلية', en: 'Local quality award' },
        text: { ar: 'بتقدير من مزارعي التمور في ليبيا', en: 'Recognised by Libyan date growers' },
      },
    ],
  },
  footer_text: {
    ar: 'مزرعة عائلية في ليبيا تزرع أجود التمور وفسائل النخيل والعسل الطبيعي وزيت الزيتون منذ 2018 — بالتجزئة والجملة.',
    en: 'A family farm in Libya growing premium dates, palm offshoots, natural honey and olive oil since 2018 — sold retail and wholesale.',
  },
  hours: [
    { days: { ar: 'السبت – الخميس', en: 'Saturday – Thursday' }, time: '8:00 – 20:00' },
    { days: { ar: 'الجمعة', en: 'Friday' }, time: '15:00 – 20:00' },
  ],
  address: { ar: 'طرابلس، ليبيا', en: 'Tripoli, Libya' },
  featured_product_ids: [],
}
