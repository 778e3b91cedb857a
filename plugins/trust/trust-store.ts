// Saved project-trust decisions in pi's `trust.json` (in the agent folder): canonical absolute folder path →
// `true` (trusted), `false` (not trusted) or `null` (no decision), keys sorted. The nearest entry for a folder or
// one of its parents applies. Writes hold `trust.json.lock` (the lock pi takes) and replace the file atomically;
// a file that is not in this format is never written over.
import { dirname, join } from "node:path";
import { PithError } from "../../kernel/index.js";
import { withFileLock } from "../../lib/lock/file-lock.js";
import { readSettingsFile, writeFileAtomic } from "../settings/files/settings-file.js";
import { canonicalPath } from "../../lib/resources/finding/paths.js";

export type SavedTrust = boolean | null;

export interface TrustEntry {
  /** the saved folder: the project itself or one of its parents */
  path: string;
  trusted: boolean;
  /** found in pith's older `trustedProjects` list, not in trust.json */
  legacy?: boolean;
}

export interface TrustUpdate {
  path: string;
  /** `null` removes the folder's entry */
  decision: SavedTrust;
}

export function trustFilePath(agentDir: string): string {
  return join(agentDir, "trust.json");
}

export class TrustStore {
  readonly file: string;

  constructor(agentDir: string) {
    this.file = trustFilePath(agentDir);
  }

  /**
   * The decision saved for `cwd` or its nearest parent that has one. `legacyTrusted` (canonical folders pith
   * once recorded as trusted) counts as saved "yes" where trust.json has no entry for the same folder.
   */
  async nearest(cwd: string, legacyTrusted: ReadonlySet<string> = new Set()): Promise<TrustEntry | undefined> {
    const data = await this.read();
    for (let dir = await canonicalPath(cwd); ; dir = dirname(dir)) {
      const decision = data[dir];
      if (decision === true || decision === false) return { path: dir, trusted: decision };
      if (legacyTrusted.has(dir)) return { path: dir, trusted: true, legacy: true };
      if (dirname(dir) === dir) return undefined;
    }
  }

  async save(updates: readonly TrustUpdate[], signal?: AbortSignal): Promise<void> {
    const keyed = await Promise.all(updates.map(async (update) => ({ key: await canonicalPath(update.path), decision: update.decision })));
    await withFileLock(
      this.file,
      async () => {
        const data = { ...(await this.read({ holdingLock: true })) };
        for (const { key, decision } of keyed) {
          if (decision === null) delete data[key];
          else data[key] = decision;
        }
        const sorted = Object.fromEntries(Object.keys(data).sort().map((key) => [key, data[key]]));
        await writeFileAtomic(this.file, `${JSON.stringify(sorted, null, 2)}\n`);
      },
      { signal, lockedCode: "SETTINGS_LOCKED" },
    );
  }

  /** Every entry; throws TRUST_FILE_INVALID, naming the file and what is wrong, for a file pith cannot use. */
  async read(options: { holdingLock?: boolean } = {}): Promise<Readonly<Record<string, SavedTrust>>> {
    const content = await readSettingsFile(this.file, options);
    if (content.state === "missing") return {};
    if (content.state === "broken") throw this.invalid(content.problem);
    for (const [key, value] of Object.entries(content.data)) {
      if (value !== true && value !== false && value !== null) {
        throw this.invalid(`gives ${JSON.stringify(key)} the value ${JSON.stringify(value)}; each value must be true, false or null`);
      }
    }
    return content.data as Record<string, SavedTrust>;
  }

  private invalid(problem: string): PithError {
    return new PithError(
      "TRUST_FILE_INVALID",
      `${this.file} ${problem}. pith neither uses nor writes over it: fix it (or delete it to forget every saved decision)`,
    );
  }
}
