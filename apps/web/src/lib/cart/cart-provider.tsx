import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@shop/shared/i18n/messages'
import { useHydrated } from '../use-hydrated.ts'
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts'
import { fetchCartNames } from './cart-names-api.ts'
import {
  addItem,
  applyServerPrices,
  cartTotals,
  decrease as decreaseLine,
  increase as increaseLine,
  lineKey,
  linesNotIn,
  parseSavedCart,
  removeItem,
  renameItems,
  setQuantity as setLineQuantity,
  type AddResult,
  type CartItem,
  type AskedLine,
  type CartProductInput,
  type PriceChange,
  type ServerPrice,
} from './cart-model.ts'

export interface CartContextValue {
  items: CartItem[]
  itemCount: number
  /** Sum of unit price × quantity, in integer hundredths (product.md §4.2). */
  totalCents: number
  /** Adds `quantity` units (1 unless the product page asks for more). */
  add(product: CartProductInput, quantity?: number): AddResult
  /** Lines are named by `lineKey(item)`: the product and its pack (decision 0152). */
  increase(key: string): void
  decrease(key: string): void
  setQuantity(key: string, quantity: number): void
  remove(key: string): void
  clear(): void
  /**
   * Replaces the cart's prices with the server's (checkout quote, asked for the lines `asked`); returns the lines whose
   * unit price changed. Lines saved without a pack learn which pack they are.
   */
  applyServerPrices(prices: ServerPrice[], asked?: AskedLine[]): PriceChange[]
  /** Decision 0176: the offer code typed in the cart or at checkout (null: none); kept with the cart. */
  code: string | null
  setCode(code: string | null): void
}

const CartContext = createContext<CartContextValue | null>(null)

/**
 * `add` alone, which never changes: a product card only adds, so it reads this and is not drawn again when the cart
 * changes. With the whole cart's context every card of the page was drawn again on each tap on add-to-cart, before
 * the badge could show the new count (decision 0185).
 */
const CartAddContext = createContext<CartContextValue['add'] | null>(null)

const NO_ITEMS: CartItem[] = []

/** The saved code: one trimmed code, or none. */
export function parseSavedCode(raw: string | null): string | null {
  const code = raw?.trim() ?? ''
  return code && code.length <= 64 ? code : null
}

function loadCart(): CartItem[] {
  const { items, discard } = parseSavedCart(readStorage(STORAGE_KEYS.cart))
  if (discard) writeStorage(STORAGE_KEYS.cart, null)
  // The same empty cart as before hydrating (below), so an empty saved cart changes nothing once hydrated.
  return items.length > 0 ? items : NO_ITEMS
}

/**
 * product.md §4.2 cart: loaded from localStorage at start, every change saved back. A page the server rendered shows
 * an empty cart until it is hydrated (the server cannot know it), then the saved one (lib/use-hydrated.ts).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  const { i18n } = useTranslation()
  const lang: Language = i18n.language === 'en' ? 'en' : 'ar'
  const [items, setItems] = useState<CartItem[]>(loadCart)
  const [code, setCodeState] = useState<string | null>(() =>
    parseSavedCode(readStorage(STORAGE_KEYS.cartCode)),
  )
  const setCode = useCallback((next: string | null) => {
    const saved = parseSavedCode(next)
    writeStorage(STORAGE_KEYS.cartCode, saved)
    setCodeState(saved)
  }, [])
  // The latest items, so that add() can answer synchronously (for its toast) without a stale closure.
  const itemsRef = useRef(items)

  const commit = useCallback((next: CartItem[]) => {
    if (next === itemsRef.current) return
    itemsRef.current = next
    setItems(next)
  }, [])

  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    writeStorage(STORAGE_KEYS.cart, JSON.stringify(items))
  }, [items])

  // Another tab changing the cart changes this one too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cartCode) setCodeState(parseSavedCode(e.newValue))
      if (e.key !== STORAGE_KEYS.cart) return
      const next = parseSavedCart(e.newValue).items
      itemsRef.current = next
      setItems(next)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  // Decision 0061: a line shows its name in the current language. Lines added in another language (or saved before the
  // language was kept) are named again from the server's quote after a switch or on load; a failed request leaves the
  // names as they are (and is tried again on the next change).
  const langRef = useRef(lang)
  langRef.current = lang
  const stale = hydrated ? linesNotIn(items, lang) : []
  const staleKey = stale.map(lineKey).join(',')
  useEffect(() => {
    if (!staleKey) return
    let cancelled = false
    const asked = linesNotIn(itemsRef.current, lang)
    fetchCartNames(asked, lang).then(
      (names) => {
        if (cancelled || langRef.current !== lang) return
        commit(renameItems(itemsRef.current, asked, names, lang))
      },
      () => {},
    )
    return () => {
      cancelled = true
    }
  }, [staleKey, lang, commit])

  const add = useCallback(
    (product: CartProductInput, quantity = 1) => {
      const { items: next, result } = addItem(itemsRef.current, product, { lang: langRef.current, quantity })
      commit(next)
      return result
    },
    [commit],
  )

  const shown = hydrated ? items : NO_ITEMS
  const value = useMemo<CartContextValue>(() => {
    const t = cartTotals(shown)
    return {
      items: shown,
      itemCount: t.itemCount,
      totalCents: t.subtotalCents,
      add,
      increase: (id) => commit(increaseLine(itemsRef.current, id)),
      decrease: (id) => commit(decreaseLine(itemsRef.current, id)),
      setQuantity: (id, q) => commit(setLineQuantity(itemsRef.current, id, q)),
      remove: (id) => commit(removeItem(itemsRef.current, id)),
      // The placed order took the code with it.
      clear: () => {
        commit([])
        setCode(null)
      },
      applyServerPrices: (prices, asked) => {
        const { items: next, changed } = applyServerPrices(itemsRef.current, prices, asked)
        commit(next)
        return changed
      },
      code: hydrated ? code : null,
      setCode,
    }
  }, [shown, add, commit, hydrated, code, setCode])

  return (
    <CartAddContext.Provider value={add}>
      <CartContext.Provider value={value}>{children}</CartContext.Provider>
    </CartAddContext.Provider>
  )
}

/** The cart's `add` (stable): a component that only adds to the cart is not drawn again when the cart changes. */
export function useCartAdd(): CartContextValue['add'] {
  const add = useContext(CartAddContext)
  if (!add) throw new Error('useCartAdd must be used within a CartProvider')
  return add
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext)
  if (!ctx) throw new Error('useCart must be used within a CartProvider')
  return ctx
}
