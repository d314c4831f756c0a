// Issue 7 (sign-in flood): argon2 hashing in a helper process at the lowest CPU priority (nice 19), started by
// passwords.ts. A sign-in's hash then only takes the processor time that browsing, orders and the database leave
// free, so a flood of sign-ins cannot slow the shop's pages; when the machine is idle it runs at full speed.
// Plain JavaScript so the API runs it the same way from its sources (tests, dev) and from its build.
import argon2 from 'argon2'
import { execFileSync } from 'node:child_process'
import { setPriority } from 'node:os'

// Linux: scheduling class and nice are per thread, and threads started later (libuv's pool, where argon2 runs) inherit
// them from this one. SCHED_IDLE (util-linux `chrt`) is below nice 19: a shop request that wakes up always takes the
// processor from a hash at once, where nice 19 only weighs less. Where chrt is missing or refused, nice 19.
try {
  setPriority(19)
} catch {
  // not permitted here: the helper still keeps hashing off the server's event loop
}
try {
  execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 2_000 })
} catch {
  // no chrt (not Linux, or a minimal image): nice 19 above
}

process.on('message', (message) => {
  const { id, op, password, hash, options } = message
  const work = op === 'hash' ? argon2.hash(password, options) : argon2.verify(hash, password)
  work.then(
    (result) => process.send({ id, result }),
    (error) => process.send({ id, error: String(error?.message ?? error) }),
  )
})
// The server went away: so does its helper.
process.on('disconnect', () => process.exit(0))
