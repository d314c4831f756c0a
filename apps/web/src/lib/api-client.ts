import i18n from './i18n.ts'
import { getToken, setToken, STORAGE_KEYS, writeStorage } from './storage.ts'

const BASE_URL = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') ?? ''

/** An answer with the shop's error body (product.md §8.1): code, translated message, optional field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly body?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login')
}
/** The router installs a navigate-based handler (product.md §7.3: a 401 goes to /login unless already there). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const qs = params.toString()
  return `${BASE_URL}${path}${qs ? `?${qs}` : ''}`
}

async function request(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'ar',
    ...options.headers,
  }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  let response: Response
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'NETWORK', i18n.t('common:errors.network'))
  }
  if (response.status === 401 && token) {
    setToken(null)
    writeStorage(STORAGE_KEYS.user, null)
    onUnauthorized()
  }
  if (!response.ok) {
    let parsed: Record<string, unknown> = {}
    try {
      parsed = (await response.json()) as Record<string, unknown>
    } catch {
      // not JSON (proxy error page): fall back to a generic text below
    }
    // Only the shop's own error body (product.md §8.1: a stable code and a translated message) is shown as it is;
    // any other answer (a proxy page, the HTTP layer's "header too large") gets the generic translated text.
    const ours = typeof parsed.code === 'string' && typeof parsed.message === 'string'
    throw new ApiError(
      response.status,
      ours ? (parsed.code as string) : 'HTTP_' + response.status,
      ours ? (parsed.message as string) : i18n.t('common:errors.generic'),
      parsed.errors as Record<string, string[]> | undefined,
      parsed,
    )
  }
  return response
}

/** The shared client: JSON in and out, bearer token, Accept-Language, 401 handling. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** A file sent as the multipart field `file` (the CSV imports, product.md §10.6). */
export function uploadFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData()
  body.append('file', file)
  return api<T>(path, { method: 'POST', body })
}

/** Authorised file download (product.md §6.4: the token is sent on file downloads too); saves it under `filename`. */
export async function downloadFile(
  path: string,
  filename: string,
  query?: RequestOptions['query'],
): Promise<void> {
  const response = await request(path, { query, headers: { Accept: 'text/csv,*/*' } })
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
