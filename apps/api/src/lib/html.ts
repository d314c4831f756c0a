import { escapeHtml } from '@shop/shared/html/escape'

// HTML built from template literals where every value is escaped unless it is itself built by `html` (decision 0066):
// a shopper's name, address or cancellation reason can never become markup in a mail.

/** Markup made by `html` (or `joinHtml`): put into another template as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[]

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!))
  return new SafeHtml(out)
}
