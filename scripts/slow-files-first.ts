import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * A vitest sequencer that starts the named long files first, then the rest in vitest's own order (its timings of the
 * last run on this machine, else file size). On a clean clone vitest knows no timings, and a 15-second file that
 * starts last keeps one core busy alone while the other idles (docs/testing.md, issue 37): started first, it runs
 * beside the many short files.
 */
export function slowFilesFirst(slow: RegExp[]) {
  return class SlowFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files)
      const rank = (file: TestSpecification) => {
        const index = slow.findIndex((pattern) => pattern.test(file.moduleId))
        return index === -1 ? slow.length : index
      }
      // Array.prototype.sort is stable: files of one rank keep vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b))
    }
  }
}
