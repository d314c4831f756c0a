import { clsx } from 'clsx'
import { Search } from 'lucide-react'
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from 'react'
import { useLocation } from 'react-router'
import { SEARCH_MAX_LENGTH } from '@shop/shared/constants'
import { Input } from '../ui/controls.tsx'

/** What the suggestions list tells the box (for the ARIA attributes of the combobox). */
export interface PopupState {
  expanded: boolean
  activeId?: string
}

export interface SuggestionsProps {
  query: string
  listboxId: string
  /** The box's key presses, for arrows, Enter and Escape; returns true when it handled the key. */
  keys: { current: ((e: KeyboardEvent<HTMLInputElement>) => boolean) | null }
  onState: (state: PopupState) => void
  /** A suggestion chosen: an address to open, or a search to run (did you mean). */
  onPick: (pick: { href: string } | { search: string }) => void
  onClose: () => void
}

// Decision 0140: the list of suggestions (and its fetching) is a separate download, made on the first focus of a
// search box, so the first page does not carry it.
const loadSuggestions = () => import('./search-suggestions.tsx')
const Suggestions = lazy(loadSuggestions)

/** The shortest search that asks for suggestions. */
const MIN_QUERY = 2

/**
 * A search box with suggestions as you type (decision 0140): an ARIA 1.2 combobox (the input) controlling a listbox.
 * Arrows move through the suggestions, Enter opens the one chosen or, when none is, runs `onEnter` (the full results);
 * Escape closes the list. Without JavaScript (or before the list has loaded) it is a plain search box.
 */
export function SearchCombobox({
  value,
  onValueChange,
  onEnter,
  onPick,
  label,
  className,
  inputClassName,
  ...rest
}: {
  value: string
  onValueChange: (value: string) => void
  onEnter?: (query: string) => void
  onPick: (pick: { href: string } | { search: string }) => void
  label: string
  inputClassName?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role'>) {
  const listboxId = useId()
  const [wanted, setWanted] = useState(false)
  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [popup, setPopup] = useState<PopupState>({ expanded: false })
  const keys = useRef<((e: KeyboardEvent<HTMLInputElement>) => boolean) | null>(null)
  const location = useLocation()

  // Another page closes the list (the products page's own search changes only the query as the shopper types).
  useEffect(() => setDismissed(true), [location.pathname])

  const open = wanted && focused && !dismissed && value.trim().length >= MIN_QUERY
  const close = useCallback(() => setDismissed(true), [])
  const onState = useCallback((s: PopupState) => setPopup(s), [])

  // Plain clsx, no tailwind-merge (lib/cn.ts): this box is in the top bar of every storefront page, and merging would
  // put 20 KB of script in front of each of them (decision 0185).
  return (
    <div className={clsx('relative', className)}>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-400"
        aria-hidden="true"
      />
      <Input
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open && popup.expanded}
        aria-controls={open && popup.expanded ? listboxId : undefined}
        aria-activedescendant={open ? popup.activeId : undefined}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        enterKeyHint="search"
        {...rest}
        className={clsx('ps-9', inputClassName)}
        value={value}
        onFocus={(e) => {
          setWanted(true)
          setFocused(true)
          void loadSuggestions()
          rest.onFocus?.(e)
        }}
        onBlur={(e) => {
          setFocused(false)
          rest.onBlur?.(e)
        }}
        onChange={(e) => {
          setDismissed(false)
          onValueChange(e.target.value)
        }}
        onKeyDown={(e) => {
          if (open && keys.current?.(e)) return
          if (e.key === 'Escape' && open) {
            e.preventDefault()
            close()
            return
          }
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault()
            close()
            onEnter(value.trim())
          }
        }}
      />
      {open ? (
        <Suspense fallback={null}>
          <Suggestions
            query={value.trim()}
            listboxId={listboxId}
            keys={keys}
            onState={onState}
            onPick={(pick) => {
              close()
              onPick(pick)
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
