/**
 * Decision 0065 (mail) and 0236 (WhatsApp): an outbox table is emptied in rounds, at most one at a time per process:
 * after the answer of a request that wrote to it (`kick`), and every `pollMs` by every process (retries, and rows
 * another process could not send). A row written while a round runs may have been committed after that round's claim,
 * so a kick during a round makes it look once more. The table's own claim (`FOR UPDATE SKIP LOCKED` and a lease)
 * keeps two processes from taking the same row.
 */
export interface OutboxRounds {
  /** Runs a round soon, in the background (never while the caller waits). */
  kick(): void
  /** Runs a round now (or joins the one running); resolves with how many rows it sent. */
  deliverDue(): Promise<number>
  /** Stops the rounds and waits for one in progress. */
  close(): Promise<void>
}

export interface OutboxRoundsOptions {
  /** One pass: claims a batch, sends it; resolves with how many were sent and whether the batch was full. */
  pass: () => Promise<{ sent: number; more: boolean }>
  pollMs: number
  log: { warn: (o: object, m: string) => void }
  /** What the log says when a round fails. */
  what: string
}

export function createOutboxRounds(options: OutboxRoundsOptions): OutboxRounds {
  let running: Promise<number> | null = null
  let again = false
  let scheduled = false
  let closed = false

  async function round(): Promise<number> {
    let sent = 0
    do {
      again = false
      for (;;) {
        if (closed) return sent
        const result = await options.pass()
        sent += result.sent
        if (!result.more) break
      }
    } while (again && !closed)
    return sent
  }

  function deliverDue(): Promise<number> {
    if (closed) return Promise.resolve(0)
    if (running) {
      again = true
      return running
    }
    running = round()
      .catch((err: unknown) => {
        options.log.warn({ err }, `${options.what} round failed`)
        return 0
      })
      .finally(() => {
        running = null
      })
    return running
  }

  const timer = setInterval(() => void deliverDue(), options.pollMs)
  timer.unref()

  return {
    kick() {
      if (closed || scheduled) return
      scheduled = true
      setImmediate(() => {
        scheduled = false
        void deliverDue()
      })
    },
    deliverDue,
    async close() {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}

/** The wait before try n + 1 after n failed tries: backoff, 2 × backoff, 4 × backoff … at most maxBackoff. */
export function backoffAfter(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1))
}
