// Issue 7 (sign-in flood): argon2 hashing in a helper process at the lowest CPU priority (nice 19), started by
// passwords.ts. A sign-in's hash then only takes the processor time that browsing, orders and the database leave
// free, so a flood of sign-ins cannot slow the shop's pages; when the machine is idle it runs at full speed.
// Plain JavaScript so the API runs it the same way from its sources (tests, dev) and from its build.
import argon2 from 'argon2'
import { setPriority } from 'node:os'

// Linux: nice is per thread, and threads started later (libuv's pool, where argon2 runs) inherit it.
try {
  setPriority(19)
} catch {
  // not permitted here: the helper still keeps hashing off the server's event loop
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
