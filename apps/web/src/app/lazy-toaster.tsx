import { useEffect, useState } from 'react'
import type * as Sonner from 'sonner'
import { loadSonner, onSonnerLoaded } from '../lib/toast.ts'

/**
 * Sonner's <Toaster>, mounted once sonner is loaded (it is not in the first download: performance.md, storefront
 * initial JS budget). It loads on the first toast (lib/toast.ts) or on the visitor's first pointer or key
 * interaction, whichever comes first.
 */
export function LazyToaster({ dir }: { dir: 'rtl' | 'ltr' }) {
  const [sonner, setSonner] = useState<typeof Sonner | null>(null)
  useEffect(() => onSonnerLoaded(setSonner), [])
  useEffect(() => {
    const load = () => void loadSonner()
    const options = { once: true, passive: true, capture: true }
    window.addEventListener('pointerdown', load, options)
    window.addEventListener('keydown', load, options)
    return () => {
      window.removeEventListener('pointerdown', load, options)
      window.removeEventListener('keydown', load, options)
    }
  }, [])
  if (!sonner) return null
  // product.md §9: toasts 4000 ms, at most 3 visible, bottom right, 356 px wide (sonner's default width).
  return (
    <sonner.Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      dir={dir}
    />
  )
}
