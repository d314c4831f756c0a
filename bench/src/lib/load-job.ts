import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { repoRoot, tsxBin } from './paths.ts'

/** One measurement for bench/src/load.ts (its own process, so the generator never shares the server's thread). */
export interface LoadJob {
  kind: 'get' | 'checkout' | 'login'
  url: string
  connections: number
  /** seconds; bounded so the whole bench stays well under 15 minutes */
  duration: number
  /** fixed arrival rate (requests/s over all connections); absent = as fast as the server answers */
  rate?: number
  paths?: string[]
  /** each request searches one or two of `words` drawn at random: `path` + the URL-encoded words */
  randomSearch?: { path: string; words: string[] }
  headers?: Record<string, string>
  checkout?: { productIds: number[]; alwaysIds: number[]; cityId: number }
  login?: { users: number; password: string }
}

export interface LoadFigures {
  rps: number
  okPerSecond: number
  total: number
  meanMs: number
  p50Ms: number
  p99Ms: number
  /** the slowest answer */
  maxMs: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
}

const loadScript = fileURLToPath(new URL('../load.ts', import.meta.url))

/** Runs a tsx child script with one JSON argument and parses the JSON on its last output line. */
export function runJson<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsxBin, [script, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? ''
      try {
        if (code !== 0) throw new Error(`exit ${code}`)
        resolve(JSON.parse(last) as T)
      } catch (e) {
        reject(new Error(`${script} failed (${String(e)}):\n${out.slice(-2000)}\n${err.slice(-4000)}`))
      }
    })
  })
}

export const runLoad = (job: LoadJob) => runJson<LoadFigures>(loadScript, [JSON.stringify(job)])
