// Everything the browser keeps between visits (product.md §1.2, §3.8, §4.1), in one place.
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  cart: 'cart',
  /** Decision 0176: the offer code typed in the cart, kept with the cart's lines. */
  cartCode: 'cart_code',
  language: 'language',
} as const

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Private mode or a full quota: the shop keeps working for this visit.
  }
}

export const getToken = () => readStorage(STORAGE_KEYS.token)
export const setToken = (token: string | null) => writeStorage(STORAGE_KEYS.token, token)
