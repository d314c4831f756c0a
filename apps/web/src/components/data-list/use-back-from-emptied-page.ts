import { useEffect, useRef } from 'react'

interface PagedQuery {
  isSuccess: boolean
  isError: boolean
  isPlaceholderData: boolean
  data?: { data: readonly unknown[]; last_page: number }
}

/**
 * A dashboard list whose page `page` > 1 came back empty (its last rows were deleted, or left the filter) while
 * other pages still have rows: moves to the (new) last page instead of showing the empty state without a pager,
 * calling `onMove` with that page first (to clear the selection, and to have the page read again: the rows of a page
 * seen before have changed too). Returns true while the page shown is such an emptied page,
 * so the screen can show its loading state rather than "nothing here".
 */
export function useBackFromEmptiedPage(
  page: number,
  setPage: (page: number) => void,
  list: PagedQuery,
  onMove?: (target: number) => void,
): boolean {
  const emptied = page > 1 && !list.isError && (list.data?.data.length ?? 0) === 0
  const settled = emptied && list.isSuccess && !list.isPlaceholderData
  const lastPage = list.data?.last_page ?? 1
  const moveRef = useRef(onMove)
  moveRef.current = onMove
  useEffect(() => {
    if (!settled) return
    const target = Math.max(1, Math.min(lastPage, page - 1))
    moveRef.current?.(target)
    setPage(target)
  }, [settled, lastPage, page, setPage])
  return emptied
}
