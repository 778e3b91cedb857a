// Saved project-trust decisions in pi's `trust.json` (in the agent folder): canonical absolute folder path →
// `true` (trusted), `false` (not trusted) or `null` (no decision), keys sorted. The nearest entry for a folder or
// one of its parents applies. Writes hold `trust.json.lock` (the lock pi takes) and replace the file atomically;
// a file that is not in this format is never written over.
import { dirname, join } from "node:path";
import { PithError } from "../../kernel/index.js";
import { withFileLock } from "../../lib/lock/file-lock.js";
import { withFileLockSync } from "../../lib/lock/file-lock-sync.js";
import { readSettingsFile, readSettingsFileSync, writeFileAtomic, writeFileAtomicSync, type SettingsFileContent } from "../settings/files/settings-file.js";
import { canonicalPath, canonicalPathSync } from "../../lib/resources/finding/paths.js";

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
    return nearestEntry(await this.read(), await canonicalPath(cwd), legacyTrusted);
  }

  async save(updates: readonly TrustUpdate[], signal?: AbortSignal): Promise<void> {
    const keyed = await Promise.all(updates.map(async (update) => ({ path: await canonicalPath(update.path), decision: update.decision })));
    await withFileLock(
      this.file,
      async () => writeFileAtomic(this.file, withUpdates(await this.read({ holdingLock: true }), keyed)),
      { signal, lockedCode: "SETTINGS_LOCKED" },
    );
  }

  /** {@link nearest} at once, read under the file's lock (pi's synchronous `ProjectTrustStore`, which extensions use). */
  nearestSync(cwd: string): TrustEntry | undefined {
    const data = withFileLockSync(this.file, () => this.checked(readSettingsFileSync(this.file)), { lockedCode: "SETTINGS_LOCKED" });
    return nearestEntry(data, canonicalPathSync(cwd), new Set());
  }

  /** {@link save} at once. */
  saveSync(updates: readonly TrustUpdate[]): void {
    const keyed = updates.map((update) => ({ path: canonicalPathSync(update.path), decision: update.decision }));
    withFileLockSync(this.file, () => writeFileAtomicSync(this.file, withUpdates(this.checked(readSettingsFileSync(this.file)), keyed)), {
      lockedCode: "SETTINGS_LOCKED",
    });
  }

  /** Every entry; throws TRUST_FILE_INVALID, naming the file and what is wrong, for a file pith cannot use. */
  async read(options: { holdingLock?: boolean } = {}): Promise<Readonly<Record<string, SavedTrust>>> {
    return this.checked(await readSettingsFile(this.file, options));
  }

  private checked(content: SettingsFileContent): Readonly<Record<string, SavedTrust>> {
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

function nearestEntry(data: Readonly<Record<string, SavedTrust>>, canonicalCwd: string, legacyTrusted: ReadonlySet<string>): TrustEntry | undefined {
  for (let dir = canonicalCwd; ; dir = dirname(dir)) {
    const decision = data[dir];
    if (decision === true || decision === false) return { path: dir, trusted: decision };
    if (legacyTrusted.has(dir)) return { path: dir, trusted: true, legacy: true };
    if (dirname(dir) === dir) return undefined;
  }
}

/** trust.json's text with `updates` (canonical paths) applied: `null` removes a folder's entry; keys sorted. */
function withUpdates(saved: Readonly<Record<string, SavedTrust>>, updates: readonly TrustUpdate[]): string {
  const data = { ...saved };
  for (const { path, decision } of updates) {
    if (decision === null) delete data[path];
    else data[path] = decision;
  }
  const sorted = Object.fromEntries(Object.keys(data).sort().map((key) => [key, data[key]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
