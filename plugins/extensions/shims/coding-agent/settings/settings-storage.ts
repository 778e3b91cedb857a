// Where pi 1.6.0's `SettingsManager` keeps its two settings texts: pi's `SettingsStorage` contract (one call per
// scope, given the current text, returning the text to write or undefined to leave it). The file storage holds
// `settings.json.lock` while it reads and writes, as pi and pith's own settings service do.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expandTilde } from "../../../../../lib/agent-dir/agent-dir.js";
import { withFileLockSync } from "../../../../../lib/lock/file-lock-sync.js";
import { writeFileAtomicSync } from "../../../../settings/files/settings-file.js";
import { CONFIG_DIR_NAME } from "../coding-agent-helpers.js";

export type SettingsScope = "global" | "project";

export interface SettingsStorage {
  withLock(scope: SettingsScope, fn: (current: string | undefined) => string | undefined): void;
}

/** `<agentDir>/settings.json` and `<cwd>/.pi/settings.json`, `~` expanded and made absolute. */
export function settingsFilePaths(cwd: string, agentDir: string): Record<SettingsScope, string> {
  return {
    global: join(resolve(expandTilde(agentDir)), "settings.json"),
    project: join(resolve(expandTilde(cwd)), CONFIG_DIR_NAME, "settings.json"),
  };
}

export class FileSettingsStorage implements SettingsStorage {
  private readonly paths: Record<SettingsScope, string>;

  constructor(cwd: string, agentDir: string) {
    this.paths = settingsFilePaths(cwd, agentDir);
  }

  withLock(scope: SettingsScope, fn: (current: string | undefined) => string | undefined): void {
    const path = this.paths[scope];
    // a file that does not exist is read as nothing without taking a lock (which would make its folder)
    if (!existsSync(path)) {
      const next = fn(undefined);
      if (next !== undefined) withFileLockSync(path, () => writeFileAtomicSync(path, next), { lockedCode: "SETTINGS_LOCKED" });
      return;
    }
    withFileLockSync(
      path,
      () => {
        const next = fn(readFileSync(path, "utf8"));
        if (next !== undefined) writeFileAtomicSync(path, next);
      },
      { lockedCode: "SETTINGS_LOCKED" },
    );
  }
}

export class InMemorySettingsStorage implements SettingsStorage {
  private readonly texts: Partial<Record<SettingsScope, string>> = {};

  withLock(scope: SettingsScope, fn: (current: string | undefined) => string | undefined): void {
    const next = fn(this.texts[scope]);
    if (next !== undefined) this.texts[scope] = next;
  }
}
