/**
 * How the shop compares what a shopper types with what it sells (decision 0140). One rule, applied the same way to
 * the stored texts (the database's `search_fold` function, migration 0015, runs this very table: a test compares
 * both on random texts) and to the typed words:
 *
 * - hamza forms to their base letter: أ إ آ ٱ → ا, ؤ → و, ئ → ي; a hamza on its own (ء) is dropped;
 * - ة → ه and ى → ي (how most phone keyboards and habits write them);
 * - tatweel, the short vowels and the other marks above and below letters are removed, and so are the invisible
 *   direction and joining marks that pasted text carries;
 * - Arabic-Indic (٠-٩) and Persian (۰-۹) digits → 0-9; Persian ک and ی → ك and ي;
 * - English: A-Z → a-z and the accented Latin letters → their plain letter (é → e, Ç → c);
 * - every kind of space becomes one plain space; runs of spaces become one; no space at either end.
 *
 * Everything else (other letters, digits, punctuation) is kept as it is, so that a search for "100%" still means
 * "100%".
 */

const groups: [string, string][] = [
  // Arabic letters
  ['أإآٱ', 'ا'],
  ['ؤ', 'و'],
  ['ئىی', 'ي'],
  ['ة', 'ه'],
  ['ک', 'ك'],
  // Arabic-Indic and Persian digits
  ['٠۰', '0'],
  ['١۱', '1'],
  ['٢۲', '2'],
  ['٣۳', '3'],
  ['٤۴', '4'],
  ['٥۵', '5'],
  ['٦۶', '6'],
  ['٧۷', '7'],
  ['٨۸', '8'],
  ['٩۹', '9'],
  // Latin: case and accents
  ['AÀÁÂÃÄÅĀĂĄàáâãäåāăą', 'a'],
  ['B', 'b'],
  ['CÇĆČçćč', 'c'],
  ['DĎĐďđ', 'd'],
  ['EÈÉÊËĒĖĘĚèéêëēėęě', 'e'],
  ['F', 'f'],
  ['GĞğ', 'g'],
  ['H', 'h'],
  ['IÌÍÎÏĪĮİìíîïīįı', 'i'],
  ['J', 'j'],
  ['K', 'k'],
  ['LŁłĹĺĽľ', 'l'],
  ['M', 'm'],
  ['NÑŃŇñńň', 'n'],
  ['OÒÓÔÕÖØŌŐòóôõöøōő', 'o'],
  ['P', 'p'],
  ['Q', 'q'],
  ['RŘřŔŕ', 'r'],
  ['SŚŠŞśšş', 's'],
  ['TŤŢťţ', 't'],
  ['UÙÚÛÜŪŮŰŲùúûüūůűų', 'u'],
  ['V', 'v'],
  ['W', 'w'],
  ['X', 'x'],
  ['YÝŸýÿ', 'y'],
  ['ZŹŻŽźżž', 'z'],
  // Spaces of every kind (tab, line breaks, no-break and typographic spaces) → one plain space
  [
    '\t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
    ' ',
  ],
]

/** Removed: hamza on its own, tatweel, harakat and Quranic marks, zero-width and direction marks, soft hyphen. */
const removed =
  'ءـ' +
  range(0x064b, 0x065f) +
  '\u0670' +
  range(0x0610, 0x061a) +
  range(0x06d6, 0x06dc) +
  range(0x06df, 0x06e8) +
  range(0x06ea, 0x06ed) +
  '\u00ad\u200b\u200c\u200d\u200e\u200f\u061c\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e\ufeff'

function range(from: number, to: number): string {
  let s = ''
  for (let c = from; c <= to; c++) s += String.fromCodePoint(c)
  return s
}

/** Every character the fold changes, with what it becomes ('' = removed). */
export const SEARCH_FOLD_TABLE: ReadonlyMap<string, string> = new Map([
  ...groups.flatMap(([from, to]) => [...from].map((c) => [c, to] as [string, string])),
  ...[...removed].map((c) => [c, ''] as [string, string]),
])

/**
 * The arguments of PostgreSQL's translate(text, from, to) doing the same per-character mapping: characters of `from`
 * past the length of `to` are removed (used by migration 0015; the test of search_fold checks they agree).
 */
export function searchFoldTranslateArgs(): { from: string; to: string } {
  const mapped = [...SEARCH_FOLD_TABLE].filter(([, to]) => to !== '')
  const dropped = [...SEARCH_FOLD_TABLE].filter(([, to]) => to === '')
  return {
    from: [...mapped, ...dropped].map(([c]) => c).join(''),
    to: mapped.map(([, t]) => t).join(''),
  }
}

/** The fold of decision 0140 (see the top of this file): what is stored and what is typed go through this. */
export function foldSearchText(text: string): string {
  let out = ''
  for (const c of text) {
    const to = SEARCH_FOLD_TABLE.get(c)
    out += to === undefined ? c : to
  }
  return out.replace(/ {2,}/g, ' ').replace(/^ | $/g, '')
}

/** The shortest form of a word the search looks for inside the stored texts (shorter ones match too much). */
export const MIN_FORM_LENGTH = 3
/** Words of a search beyond this are ignored (bounds the query the database runs). */
export const MAX_SEARCH_WORDS = 6

const ARTICLE_PREFIXES = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال']
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c)
const LONG_VOWELS = 'اوي'

/**
 * The word without the definite article (and a joined و ب ف ك ل before it), when what stays has at least three
 * letters: «التمور» → «تمور», «بالفلفل» → «فلفل».
 */
export function withoutArticle(word: string): string {
  for (const p of ARTICLE_PREFIXES)
    if (word.startsWith(p) && word.length - p.length >= MIN_FORM_LENGTH) return word.slice(p.length)
  return word
}

/**
 * The forms a typed word is looked for in (decision 0140), all folded: the word; without the article; without the
 * plural or feminine ending (ات, ه, and يه → ي; English s/es/ies); and the common broken plurals both ways between a
 * three-letter singular and its plural (تمر ↔ تمور/تمار, نخل ↔ نخيل, فسيل ↔ فسايل, صنف ↔ اصناف). A stored text matches the word
 * when it contains one of the forms. Forms that contain another form are left out (the shorter one matches them).
 */
export function wordForms(word: string): string[] {
  const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
  if (core.length < MIN_FORM_LENGTH) return [word]
  const forms = new Set<string>([core])
  const base = withoutArticle(core)
  forms.add(base)
  const stems = new Set<string>([base])
  const strip = (suffix: string, replacement = '') => {
    if (base.endsWith(suffix) && base.length - suffix.length + replacement.length >= MIN_FORM_LENGTH)
      stems.add(base.slice(0, base.length - suffix.length) + replacement)
  }
  if (/^\p{Script=Arabic}+$/u.test(base)) {
    strip('ات')
    strip('يه', 'ي')
    strip('ه')
  } else if (/^[a-z]+$/.test(base)) {
    if (/ies$/.test(base)) strip('ies', 'y')
    else if (/(s|x|z|ch|sh)es$/.test(base)) strip('es')
    else if (/[^s]s$/.test(base)) strip('s')
  }
  for (const s of stems) {
    forms.add(s)
    if (!/^\p{Script=Arabic}+$/u.test(s)) continue
    const [a, b, c, d, e] = [...s]
    if (s.length === 3) {
      // singular → plural: تمر → تمور, تمار; نخل → نخيل; صنف → اصناف
      forms.add(`${a}${b}و${c}`)
      forms.add(`${a}${b}ا${c}`)
      forms.add(`${a}${b}ي${c}`)
      forms.add(`ا${a}${b}ا${c}`)
    } else if (s.length === 4 && LONG_VOWELS.includes(c!) && isLetter(d)) {
      // تمور, جبال → تمر, جبل; فسيل → فسايل
      forms.add(`${a}${b}${d}`)
      if (c === 'ي') forms.add(`${a}${b}اي${d}`)
    } else if (s.length === 5 && a === 'ا' && d === 'ا') {
      forms.add(`${b}${c}${e}`) // اصناف → صنف
    } else if (s.length === 5 && c === 'ا' && d === 'ي') {
      forms.add(`${a}${b}ي${e}`) // فسايل → فسيل
    }
  }
  const all = [...forms].filter((f) => f.length >= MIN_FORM_LENGTH)
  return all.filter((f) => !all.some((g) => g !== f && f.includes(g)))
}

export interface SearchWord {
  /** The folded word as typed. */
  word: string
  /** The word and, when it has no article, the forms a whole-word match in a name may take. */
  forms: string[]
}

export interface ParsedSearch {
  /** The whole search, folded. */
  folded: string
  words: SearchWord[]
}

/** A typed search as the database looks for it: folded, split at spaces, each word with its forms. */
export function parseSearch(text: string): ParsedSearch {
  const folded = foldSearchText(text)
  const words = folded
    .split(' ')
    .filter((w) => w !== '')
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => ({ word, forms: wordForms(word) }))
  return { folded: words.map((w) => w.word).join(' '), words }
}

/**
 * The restricted Damerau-Levenshtein distance (a swap of two neighbours counts as one edit), or `max + 1` as soon as
 * it must exceed `max` (the typo search only asks "at most one or two edits?").
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = [...a]
  const t = [...b]
  if (Math.abs(s.length - t.length) > max) return max + 1
  let prevPrev: number[] = []
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const row = [i]
    let rowMin = i
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        v = Math.min(v, prevPrev[j - 2]! + 1)
      row.push(v)
      if (v < rowMin) rowMin = v
    }
    if (rowMin > max) return max + 1
    prevPrev = prev
    prev = row
  }
  return Math.min(prev[t.length]!, max + 1)
}

/** Edits a word may be off by and still be corrected (decision 0140): none up to 3 letters, 1 up to 7, then 2. */
export const typosAllowed = (word: string) => {
  const n = [...word].length
  return n < 4 ? 0 : n < 8 ? 1 : 2
}
