/**
 * JSON that is safe inside a <script> data block of a page: product names and descriptions are typed by staff, so `<`
 * (which could close the element), `>`, `&` and the JS line separators are written as \u escapes; JSON.parse reads
 * them back unchanged. Used by the API's page shells and by the web app's server rendering.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * An SVG file's markup for use inside a page: comments and the whitespace between tags dropped, `attributes` added to
 * the <svg> element, and with `idPrefix` every id (and every reference to one) given that prefix so the ids cannot
 * meet another inline SVG's. Used by the API's page shell (the logo) and by the server-rendered hero art.
 */
export function inlineSvg(svg: string, attributes: string, idPrefix?: string): string {
  let markup = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim()
  if (idPrefix)
    markup = markup
      .replace(/\bid="([\w-]+)"/g, `id="${idPrefix}$1"`)
      .replace(/url\(#([\w-]+)\)/g, `url(#${idPrefix}$1)`)
      .replace(/href="#([\w-]+)"/g, `href="#${idPrefix}$1"`)
  return markup.replace(/^<svg\b/, `<svg ${attributes}`)
}
