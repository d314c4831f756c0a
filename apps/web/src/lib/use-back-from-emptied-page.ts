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
 * calling `onMove` first (e.g. to clear a selection). Returns true while the page shown is such an emptied page,
 * so the screen can show its loading state rather than "nothing here".
 */
export function useBackFromEmptiedPage(
  page: number,
  setPage: (page: number) => void,
  list: PagedQuery,
  onMove?: () => void,
): boolean {
  const emptied = page > 1 && !list.isError && (list.data?.data.length ?? 0) === 0
  const settled = emptied && list.isSuccess && !list.isPlaceholderData
  const lastPage = list.data?.last_page ?? 1
  const moveRef = useRef(onMove)
  moveRef.current = onMove
  useEffect(() => {
    if (!settled) return
    moveRef.current?.()
    setPage(Math.max(1, Math.min(lastPage, page - 1)))
  }, [settled, lastPage, page, setPage])
  return emptied
}
