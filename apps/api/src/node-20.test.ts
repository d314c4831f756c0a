import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Decision 0226: the README says Node 20; a fresh clone's `npm install` must print no EBADENGINE warning, so every
// package the lockfile installs accepts Node 20 (the oldest it may be: 20.19, which Vite 8 needs).
const NODE = [20, 19, 0] as const

const compare = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0)
  return 0
}

/** npm's engines ranges: comparators (`>=12`, `^20.19.0`, `~18.1`, `<15`, `20`, `10.*`) joined by spaces and `||`. */
function accepts(range: string, version: readonly number[]): boolean {
  return range.split('||').some((part) =>
    part
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const m = /^(\^|~|>=|<=|>|<|=)?v?(\d+|\*|x)(?:\.(\d+|\*|x))?(?:\.(\d+|\*|x))?$/.exec(comparator)
        if (!m) throw new Error(`a range this check does not read: ${range}`)
        const [, op = '', ...parts] = m
        const given = parts.filter((x) => x !== undefined && x !== '*' && x !== 'x').map(Number)
        const low = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0]
        const c = compare(version, low)
        if (op === '>=') return c >= 0
        if (op === '>') return c > 0
        if (op === '<=') return c <= 0
        if (op === '<') return c < 0
        if (op === '^') return version[0] === low[0] && c >= 0
        if (op === '~') return version[0] === low[0] && version[1] === low[1] && c >= 0
        // `20`, `20.19`, `10.*`: the given parts match.
        return given.every((n, i) => version[i] === n)
      }),
  )
}

describe('the lockfile runs on Node 20 (decision 0226)', () => {
  it('installs no package whose engines refuse Node 20', () => {
    const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<
        string,
        { version?: string; engines?: { node?: string } | string[]; optional?: boolean }
      >
    }
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path && !p.optional && !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !accepts((p.engines as { node: string }).node, NODE))
      .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`)
    expect(refusing).toEqual([])
  })
})
