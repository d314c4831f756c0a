import { describe, expect, it } from 'vitest'
import { hashingLoad, hashPassword, verifyPassword } from './passwords.ts'

describe('passwords with the real argon2', () => {
  it('hashes with argon2id m=19456 t=2 p=1 in this process and verifies', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^\$argon2id\$v=19\$/)
    expect(hash.split('$')[3]!.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2'])
    expect(await verifyPassword(hash, 'correct horse')).toBe(true)
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 })
  })
})
