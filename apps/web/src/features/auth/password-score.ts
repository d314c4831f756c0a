import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

// Decision 0093: loaded only when someone types a new password (a chunk of its own, never on the first screen). The same
// common-passwords list the server refuses from, so the hint and the refusal agree.

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
const common = new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()))

export interface PasswordScore {
  /** 0 (guessed at once) to 4 (strong), zxcvbn's scale. */
  score: 0 | 1 | 2 | 3 | 4
  /** On the common-passwords list: the shop refuses it. */
  common: boolean
}

export function scorePassword(password: string): PasswordScore {
  const isCommon = common.has(password.trim().toLowerCase())
  const { score } = zxcvbn.check(password.slice(0, 100))
  return { score: isCommon ? 0 : score, common: isCommon }
}
