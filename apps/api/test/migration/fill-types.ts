// What make-previous-release-fixture.ts gives a release's fill (fill-<release>.ts): the old app, its database, and
// the helpers that call it and record its answers.
import type { Asker } from './releases.ts'

export interface Answer {
  name: string
  method: 'GET' | 'POST'
  url: string
  /** POST: the request's JSON body (only calls that change nothing: the quote, tracking). */
  payload?: unknown
  as: Asker
  lang: 'ar' | 'en'
  status: number
  type: string
  body: unknown
}

export interface OldApp {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<{
    statusCode: number
    body: string
    rawPayload: Buffer
    headers: Record<string, unknown>
    json(): unknown
  }>
  close(): Promise<void>
}

export interface PgliteLike {
  query<T>(q: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(q: string): Promise<unknown>
}

export type Call = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
  expected?: number[],
) => Promise<Record<string, unknown> & { id: number }>

export type Record_ = (
  name: string,
  url: string,
  as: Asker,
  lang?: Answer['lang'],
  payload?: unknown,
) => Promise<void>

export interface FillContext {
  app: OldApp
  pglite: PgliteLike
  /** A call that must succeed (200/201 unless told): its JSON. */
  call: Call
  /** Asks the old app and keeps its answer for the fixture. */
  record: Record_
  /** The headers of each signed-in person; the fill sets them once it has registered them. */
  who: Record<Asker, Record<string, string>>
}

/** A fill: the database made through the old release's API, its answers recorded; the user id of each person. */
export type Fill = (ctx: FillContext) => Promise<Partial<Record<Exclude<Asker, 'guest'>, number>>>
