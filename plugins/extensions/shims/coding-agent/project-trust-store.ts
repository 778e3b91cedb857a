// pi 1.6.0's `ProjectTrustStore` as extensions construct it: the saved trust decisions in `<agentDir>/trust.json`,
// read and written at once under the file's lock, through the trust plugin's store (pith's older
// `trustedProjects` list is the trust service's business, not this file's).
import { homedir } from "node:os";
import { TrustStore } from "../../../trust/index.js";
import { resolveUserPath } from "../../../../lib/resources/finding/paths.js";

type ProjectTrustDecision = boolean | null;

export class ProjectTrustStore {
  readonly #store: TrustStore;

  constructor(agentDir: string) {
    this.#store = new TrustStore(resolveUserPath(agentDir, process.cwd(), homedir()));
  }

  /** The decision saved for `cwd` or its nearest parent that has one; `null` without one. */
  get(cwd: string): ProjectTrustDecision {
    return this.getEntry(cwd)?.decision ?? null;
  }

  getEntry(cwd: string): { path: string; decision: boolean } | null {
    const entry = this.#store.nearestSync(cwd);
    return entry ? { path: entry.path, decision: entry.trusted } : null;
  }

  /** Saves `decision` for `cwd` itself; `null` removes its entry. */
  set(cwd: string, decision: ProjectTrustDecision): void {
    this.setMany([{ path: cwd, decision }]);
  }

  setMany(decisions: { path: string; decision: ProjectTrustDecision }[]): void {
    this.#store.saveSync(decisions);
  }
}
