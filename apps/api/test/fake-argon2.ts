// Test support: a controllable stand-in for argon2, so a test can hold hashes "running" and watch the bound of
// lib/passwords.ts. A test file installs it with
//   vi.mock('argon2', async () => (await import('../../test/fake-argon2.ts')).argon2Module)
// and then holds or releases computations through `fakeArgon2`.

const held: (() => void)[] = []
let holding = false
let active = 0
let peak = 0

async function compute<T>(result: () => T): Promise<T> {
  active++
  peak = Math.max(peak, active)
  try {
    if (holding) await new Promise<void>((resolve) => held.push(resolve))
    return result()
  } finally {
    active--
  }
}

export const fakeArgon2 = {
  /** From now on every computation waits until released. */
  hold() {
    holding = true
  },
  /** Lets every held computation (and every later one) finish. */
  releaseAll() {
    holding = false
    held.splice(0).forEach((release) => release())
  },
  /** Lets the oldest held computation finish. */
  releaseOne() {
    held.shift()?.()
  },
  /** Computations waiting to be released. */
  get held() {
    return held.length
  },
  get active() {
    return active
  },
  get peak() {
    return peak
  },
  reset() {
    this.releaseAll()
    peak = 0
  },
}

export const argon2Module = {
  default: {
    argon2id: 2,
    hash: (password: string) => compute(() => `$fake$${password}`),
    verify: (hash: string, password: string) =>
      compute(() => {
        if (!hash.startsWith('$fake$')) throw new TypeError('pchstr must contain a $ as first char')
        return hash === `$fake$${password}`
      }),
  },
}
