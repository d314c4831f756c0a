import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { describe, expect, it } from 'vitest'
import { hashPassword, passwordHelperPid, verifyPassword } from './passwords.ts'

// Issue 7 (sign-in flood): argon2 runs in a helper process at the lowest CPU priority, so the shop's pages keep the
// processor while sign-ins pile up; a helper that dies costs nothing but its restart.
describe('the password hashing helper', () => {
  it('hashes with argon2id and verifies, in a process of its own at the lowest priority', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^\$argon2id\$v=19\$/)
    expect(hash.split('$')[3]!.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2'])
    expect(await verifyPassword(hash, 'correct horse')).toBe(true)
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false)
    const pid = passwordHelperPid()!
    expect(pid).not.toBe(process.pid)
    expect(getPriority(pid)).toBe(19)
  })

  it.runIf(process.platform === 'linux')('on Linux, hashes in the idle scheduling class where chrt exists (else at nice 19)', async () => {
    await hashPassword('idle class')
    const pid = passwordHelperPid()!
    // /proc/<pid>/task/*/stat field 41 is the scheduling policy: 5 SCHED_IDLE, 0 SCHED_OTHER. Every thread, argon2's
    // pool included, has the helper's class.
    expect(new Set(threadPolicies(pid))).toEqual(new Set([hasChrt() ? 5 : 0]))
  })

  it('answers every caller right when the helper is killed in the middle of their sign-ins', async () => {
    const hash = await hashPassword('s3cret-pass')
    const first = passwordHelperPid()!
    const answers = Array.from({ length: 4 }, (_, i) => verifyPassword(hash, i % 2 ? 's3cret-pass' : 'nope'))
    process.kill(first, 'SIGKILL')
    expect(await Promise.all(answers)).toEqual([false, true, false, true])
    expect(await verifyPassword(hash, 's3cret-pass')).toBe(true)
    await expect.poll(() => passwordHelperPid()).not.toBe(first)
  })

  it('refuses what is not an argon2 hash without failing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
  })
})

function hasChrt() {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function threadPolicies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    // The command name may hold spaces: count fields after its closing parenthesis (field 3 onwards).
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3])
  })
}
