// Test files that spend their time waiting (npm installs, a hundred CLI runs, pi on Node 22) mark themselves with a
// line `// @long-running: why`, and start before all others. Without timings from an earlier run (a fresh clone, as
// in CI) vitest starts the largest files first; these are small, started last, and the run then ended with them
// alone on an otherwise idle machine. Started first, their waiting overlaps the other files' work.
import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const MARK = /^\/\/ @long-running: /m;

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = sorted.filter((file) => MARK.test(readFileSync(file.moduleId, "utf8").slice(0, 4096)));
    return [...long, ...sorted.filter((file) => !long.includes(file))];
  }
}
