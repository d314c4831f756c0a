/**
 * JSON that is safe inside a <script> data block of a page: product names and descriptions are typed by staff, so `<`
 * (which could close the element), `>`, `&` and the JS line separators are written as \u escapes; JSON.parse reads
 * them back unchanged. Used by the API's page shells and by the web app's server rendering.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
