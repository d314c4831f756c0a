import type { PGlite, Transaction } from '@electric-sql/pglite'
import type pg from 'pg'

/** Decision 0041: every statement's time, measured at the driver, for /metrics (both databases). */
export type QueryListener = (seconds: number, failed: boolean) => void

export interface QueryTiming {
  /** Statements sent and not yet answered (on PGlite, also those waiting for its one connection). */
  readonly inFlight: number
  /** Called after each statement; returns the unsubscribe. */
  onQuery(listener: QueryListener): () => void
}

export function createQueryTiming() {
  const listeners = new Set<QueryListener>()
  let inFlight = 0
  const timing: QueryTiming = {
    get inFlight() {
      return inFlight
    },
    onQuery(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const start = () => {
    inFlight++
    const started = performance.now()
    return (failed: boolean) => {
      inFlight--
      const seconds = (performance.now() - started) / 1000
      for (const listener of listeners) listener(seconds, failed)
    }
  }
  return { timing, start }
}

type Start = ReturnType<typeof createQueryTiming>['start']

function timedPromise<T>(start: Start, run: () => Promise<T>): Promise<T> {
  const done = start()
  const result = run()
  result.then(
    () => done(false),
    () => done(true),
  )
  return result
}

/**
 * node-postgres: each pooled connection's `query`. The pool's own `query` (how drizzle sends a statement outside a
 * transaction) calls it with a callback; a transaction's statements call it for a promise.
 */
export function timePgClient(client: pg.PoolClient, start: Start): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1)
    if (typeof last === 'function') {
      const done = start()
      args[args.length - 1] = (err: unknown, res: unknown) => {
        done(Boolean(err))
        return (last as (e: unknown, r: unknown) => unknown)(err, res)
      }
      return query(...args)
    }
    const result = query(...args)
    if (result instanceof Promise) {
      const done = start()
      result.then(
        () => done(false),
        () => done(true),
      )
    }
    return result
  }
}

/** PGlite: its `query` and `exec`, and the same on the handle a transaction's statements run on. */
export function timePglite(pglite: PGlite, start: Start): void {
  const query = pglite.query.bind(pglite)
  const exec = pglite.exec.bind(pglite)
  const transaction = pglite.transaction.bind(pglite)
  pglite.query = ((...args: Parameters<PGlite['query']>) =>
    timedPromise(start, () => query(...args))) as PGlite['query']
  pglite.exec = (...args) => timedPromise(start, () => exec(...args))
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property, receiver) {
            if (property === 'query')
              return ((...args: Parameters<Transaction['query']>) =>
                timedPromise(start, () => target.query(...args))) as Transaction['query']
            if (property === 'exec')
              return (...args: Parameters<Transaction['exec']>) =>
                timedPromise(start, () => target.exec(...args))
            return Reflect.get(target, property, receiver)
          },
        }),
      ),
    )) as PGlite['transaction']
}
