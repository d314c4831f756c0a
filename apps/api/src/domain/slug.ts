// Category and product slugs are URL-safe Latin text made from a name, Arabic names too (decision 0034).
// Arabic letters are transliterated with a simple one-way table; diacritics and tatweel are dropped.
const ARABIC_TO_LATIN: Record<string, string> = {
  ا: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  ة: 'a',
  ى: 'a',
  ء: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ؤ: 'u',
  ئ: 'y',
  پ: 'p',
  چ: 'ch',
  ڤ: 'v',
  گ: 'g',
  ک: 'k',
  ی: 'y',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
}

const MAX_SLUG = 80

/** "تمور الجفرة" → "tmwr-aljfra"; "Olive Oil!" → "olive-oil"; nothing usable → "category". */
export function slugify(name: string, fallback = 'category'): string {
  const latin = Array.from(name.normalize('NFKC'))
    .map((ch) => ARABIC_TO_LATIN[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '') // Latin accents, Arabic harakat, tatweel
    .toLowerCase()
  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '')
  return slug || fallback
}

/** First free slug among base, base-2, base-3 … given the slugs already taken that start with base. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = taken instanceof Set ? (taken as Set<string>) : new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate)) return candidate
  }
}
