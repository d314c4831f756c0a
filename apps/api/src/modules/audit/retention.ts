import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { pruneAuditLog } from './audit.service.ts'

/**
 * Decision 0192: each process prunes the audit trail every `seconds` (AUDIT_PRUNE_SECONDS; 0: never), the way the
 * payment sweep runs (decision 0076). Deleting the same old rows twice is harmless.
 */
export function startAuditPrune(
  db: Db,
  seconds: number,
  log: FastifyBaseLogger,
  isReady: () => boolean = () => true,
): () => void {
  if (seconds <= 0) return () => {}
  let running = false
  const timer = setInterval(() => {
    if (running || !isReady()) return
    running = true
    pruneAuditLog(db)
      .then((n) => {
        if (n > 0) log.info({ pruned: n }, 'audit trail rows past the retention pruned')
      })
      .catch((error: unknown) => log.warn({ err: error }, 'audit prune failed; the next one tries again'))
      .finally(() => {
        running = false
      })
  }, seconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
