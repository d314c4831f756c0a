/**
 * Decision 29: what the visitor did on a server-rendered page before React took it over (src/boot/ssr-loader.js holds
 * back a clicked button and remembers it; typed text and picked options stay in the page's fields). main.tsx takes it
 * right before hydrating, and hands it to React once the page is hydrated, so nothing done early is lost: the fields
 * tell React their values (as if typed now) and the button is clicked again.
 */
interface LoaderState {
  click: HTMLElement | null
  taken: boolean
}

declare global {
  interface Window {
    __earlyInput?: LoaderState
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export interface EarlyInput {
  click: HTMLElement | null
  fields: { field: Field; value: string }[]
}

const TEXT_LIKE = /^(text|search|email|tel|url|number|password)$/

/** Ends the loader's holding of clicks (React handles events from now on) and returns what was done before. */
export function takeEarlyInput(root: HTMLElement): EarlyInput {
  const state = window.__earlyInput
  const click = state?.click ?? null
  if (state) {
    state.taken = true
    state.click = null
  }
  const fields: EarlyInput['fields'] = []
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((o) => o.selected !== o.defaultSelected)) fields.push({ field, value: field.value })
    } else if ((field instanceof HTMLTextAreaElement || TEXT_LIKE.test(field.type)) && field.value !== field.defaultValue) {
      fields.push({ field, value: field.value })
    }
  }
  return { click, fields }
}

const nativeValueSetter = (field: Field) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set

/** Once the page is hydrated: each changed field tells React its value, then the held button is clicked. */
export function replayEarlyInput({ click, fields }: EarlyInput) {
  for (const { field, value } of fields) {
    if (!field.isConnected) continue
    if (field instanceof HTMLSelectElement) {
      field.value = value
      field.dispatchEvent(new Event('change', { bubbles: true }))
      continue
    }
    // React notices a change against the value it last set: set its own value through the element (React's tracker
    // records it), then the visitor's through the prototype's setter (which React does not see), then say "input".
    field.value = field.defaultValue
    nativeValueSetter(field)?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
  if (click?.isConnected && !(click as HTMLButtonElement).disabled) click.click()
}
