/** `%` `_` and `\` are LIKE wildcards/escape; a searched text is matched literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A LIKE / ILIKE pattern matching `term` anywhere in the value. */
export const likePattern = (term: string) => `%${escapeLike(term)}%`
