import { useMutation, useMutationState, type QueryKey } from '@tanstack/react-query'
import { useId, useState } from 'react'

export interface RowActionOptions<V, R> {
  /** The write, for one row (or one row and a choice, e.g. a user and a new role). */
  mutationFn(variables: V): Promise<R>
  /** What the write changes (lib/dashboard-keys.ts `changedBy`); refreshed by lib/query-client.ts. */
  invalidates: readonly QueryKey[]
  /** The row a call is about: its busy state is per row. */
  rowId(variables: V): number
  onSuccess?(result: R, variables: V): void
  onError?(error: Error, variables: V): void
}

/**
 * A write on one row (toggle, delete, role change) through useMutation: several rows may run at once, each row's
 * controls know whether their own call is running (product.md §2.14: a toggle is disabled while its request runs),
 * and a write that asks first holds the row it asks about until confirmed or cancelled.
 */
export function useRowAction<V, R = unknown>(options: RowActionOptions<V, R>) {
  const key = ['row-action', useId()]
  const [asking, setAsking] = useState<V | null>(null)
  const mutation = useMutation({
    mutationKey: key,
    mutationFn: options.mutationFn,
    meta: { invalidates: options.invalidates },
    onSuccess: (result, variables) => {
      setAsking((current) => (current === variables ? null : current))
      options.onSuccess?.(result, variables)
    },
    onError: (error, variables) => options.onError?.(error, variables),
  })
  // Every call of this action still running (a useMutation tracks only its latest call).
  const running = useMutationState({
    filters: { mutationKey: key, status: 'pending' },
    select: (m) => m.state.variables as V,
  })
  const busyIds = new Set(running.map(options.rowId))
  return {
    run: (variables: V) => mutation.mutate(variables),
    isBusy: (variables: V) => busyIds.has(options.rowId(variables)),
    isPending: running.length > 0,
    /** Asks before running (a confirmation dialog reads `asking`). */
    ask: (variables: V) => setAsking(() => variables),
    asking,
    /** Changes what is being asked about (a choice inside the confirmation, e.g. the new role). */
    setAsking: (variables: V) => setAsking(() => variables),
    confirm: () => {
      if (asking !== null) mutation.mutate(asking)
    },
    cancel: () => setAsking(null),
  }
}

export type RowAction<V> = ReturnType<typeof useRowAction<V>>
