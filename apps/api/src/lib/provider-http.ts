/** A provider that did not answer usefully (network, timeout, 5xx): the shopper may try again later. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`${provider} unavailable: ${reason}`)
    this.name = 'ProviderUnavailable'
  }
}

export interface ProviderAnswer {
  status: number
  /** The parsed JSON body, or null when it was not JSON. */
  json: unknown
  text: string
}

/** Seconds a provider may take before the shopper is told to try again (a payment page must not hang). */
export const PROVIDER_TIMEOUT_MS = 20_000

/**
 * One HTTP call to a provider with a time limit. A 5xx, a network failure or a timeout throws ProviderUnavailable
 * (nothing about the request, which may carry keys or a code, goes into its message); 4xx answers are returned.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  let response: Response
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const name = (error as Error).name
    throw new ProviderUnavailable(
      provider,
      name === 'TimeoutError'
        ? 'timeout'
        : `network (${(error as { cause?: { code?: string } }).cause?.code ?? name})`,
    )
  }
  const text = await response.text().catch(() => '')
  if (response.status >= 500) throw new ProviderUnavailable(provider, `HTTP ${response.status}`)
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: response.status, json, text }
}
