// The `packages` entries pi's package manager reads and writes, synchronously as pi's does: through the given
// settings manager's getters and setters (pi's SettingsManager, which keeps them in memory and writes the file
// behind), else in the scope's settings.json itself, under the lock pi and pith share.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withFileLockSync } from "../../../../lib/lock/file-lock-sync.js";
import type { PackageSource } from "../../../settings/index.js";

export type PiScope = "user" | "project";

/** The getters and setters of pi's SettingsManager the package manager uses. */
export interface PiPackageSettings {
  getGlobalSettings(): { packages?: PackageSource[] };
  getProjectSettings(): { packages?: PackageSource[] };
  setPackages(packages: PackageSource[]): void;
  setProjectPackages(packages: PackageSource[]): void;
}

export function hasPackageSettings(value: unknown): value is PiPackageSettings {
  const settings = value as Partial<Record<keyof PiPackageSettings, unknown>> | undefined;
  return typeof settings?.getGlobalSettings === "function" && typeof settings.setPackages === "function" && typeof settings.setProjectPackages === "function";
}

export class PackageSettings {
  constructor(
    private readonly places: { cwd: string; agentDir: string },
    private readonly given: PiPackageSettings | undefined,
  ) {}

  entries(scope: PiScope): PackageSource[] {
    if (this.given) return [...((scope === "user" ? this.given.getGlobalSettings() : this.given.getProjectSettings()).packages ?? [])];
    const packages = readSettings(this.file(scope)).packages;
    return Array.isArray(packages) ? (packages as PackageSource[]) : [];
  }

  write(scope: PiScope, packages: PackageSource[]): void {
    if (this.given) return scope === "user" ? this.given.setPackages(packages) : this.given.setProjectPackages(packages);
    const file = this.file(scope);
    withFileLockSync(file, () => writeFileSync(file, `${JSON.stringify({ ...readSettings(file), packages }, null, 2)}\n`));
  }

  private file(scope: PiScope): string {
    return scope === "user" ? join(this.places.agentDir, "settings.json") : join(this.places.cwd, ".pi", "settings.json");
  }
}

function readSettings(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const data: unknown = JSON.parse(readFileSync(file, "utf8"));
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
