// pi 1.6.0's `DefaultPackageManager` over pith's packages plugin: the same sources (`npm:`, `git:`, local paths),
// install folders, settings entries and resources as `pith install|remove|update|list`, with pi's method set.
// Settings go through the given settings manager when it has pi's getters and setters, else the files.
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { PithError, errorMessage } from "../../../../kernel/index.js";
import { SettingsManager as PithSettings, type PackageSource, type SettingsScope } from "../../../settings/index.js";
import { entrySource, identityOf } from "../../../packages/sources/configured.js";
import { installedPath, resolveLocalSource, scopeBaseDir, gitRoot, npmRoot } from "../../../packages/installers/locations.js";
import { parseSource } from "../../../packages/sources/source.js";
import { fetchPackage, npmCommandOf, updatePackages } from "../../../packages/package-manager.js";
import { npmUninstall } from "../../../packages/installers/npm.js";
import { gitRemove } from "../../../packages/installers/git.js";
import { hasPackageSettings, PackageSettings, type PiScope } from "./package-settings.js";
import { resolvedPaths, type ResolvedPaths } from "./package-resolution.js";

type Action = "install" | "remove" | "update";
export type ProgressCallback = (event: { type: "start" | "complete" | "error"; action: Action; source: string; message?: string }) => void;

export interface PackageManagerOptions {
  cwd: string;
  agentDir: string;
  settingsManager?: unknown;
  commandOutput?: "inherit" | "capture";
  builtinExtensions?: string[];
}

const pithScope = (scope: PiScope): SettingsScope => (scope === "user" ? "global" : "project");

export class DefaultPackageManager {
  private readonly places: { cwd: string; agentDir: string };
  private readonly settings: PackageSettings;
  private progress: ProgressCallback | undefined;

  constructor(options: PackageManagerOptions) {
    this.places = { cwd: resolve(options.cwd), agentDir: resolve(options.agentDir) };
    this.settings = new PackageSettings(this.places, hasPackageSettings(options.settingsManager) ? options.settingsManager : undefined);
  }

  setProgressCallback(callback: ProgressCallback | undefined): void {
    this.progress = callback;
  }

  /** Lists `source` in the scope's settings (a new version or ref replaces the entry); false when already listed. */
  addSourceToSettings(source: string, options: { local?: boolean } = {}): boolean {
    const scope: PiScope = options.local ? "project" : "user";
    const stored = this.storedForm(source, scope);
    const entries = this.settings.entries(scope);
    const index = entries.findIndex((entry) => this.sameSource(entry, source, scope));
    if (index !== -1 && entrySource(entries[index]!) === stored) return false;
    const next = [...entries];
    if (index === -1) next.push(stored);
    else next[index] = typeof entries[index] === "string" ? stored : { ...(entries[index] as object), source: stored } as PackageSource;
    this.settings.write(scope, next);
    return true;
  }

  removeSourceFromSettings(source: string, options: { local?: boolean } = {}): boolean {
    const scope: PiScope = options.local ? "project" : "user";
    const entries = this.settings.entries(scope);
    const next = entries.filter((entry) => !this.sameSource(entry, source, scope));
    if (next.length === entries.length) return false;
    this.settings.write(scope, next);
    return true;
  }

  getInstalledPath(source: string, scope: PiScope): string | undefined {
    const path = installedPath(parseSource(source), pithScope(scope), this.places);
    return existsSync(path) ? path : undefined;
  }

  listConfiguredPackages(): { source: string; scope: PiScope; filtered: boolean; installedPath?: string }[] {
    return (["user", "project"] as const).flatMap((scope) =>
      this.settings.entries(scope).map((entry) => {
        const source = entrySource(entry);
        const path = this.getInstalledPath(source, scope);
        return { source, scope, filtered: typeof entry === "object", ...(path ? { installedPath: path } : {}) };
      }),
    );
  }

  async install(source: string, options: { local?: boolean } = {}): Promise<void> {
    const scope = pithScope(options.local ? "project" : "user");
    const parsed = parseSource(source);
    await this.step("install", source, async () => {
      if (parsed.type === "local") {
        const path = resolve(this.places.cwd, parsed.path);
        if (!existsSync(path)) throw new PithError("PACKAGE_NOT_FOUND", `Path does not exist: ${path}`);
        return;
      }
      await fetchPackage(parsed, scope, installedPath(parsed, scope, this.places), await this.context());
    });
  }

  async installAndPersist(source: string, options: { local?: boolean } = {}): Promise<void> {
    await this.install(source, options);
    this.addSourceToSettings(source, options);
  }

  async remove(source: string, options: { local?: boolean } = {}): Promise<void> {
    const scope = pithScope(options.local ? "project" : "user");
    const parsed = parseSource(source);
    await this.step("remove", source, async () => {
      const context = await this.context();
      if (parsed.type === "npm") await npmUninstall(parsed.name, npmRoot(scope, this.places), { npmCommand: npmCommandOf(context.settings) });
      else if (parsed.type === "git") await gitRemove(installedPath(parsed, scope, this.places), gitRoot(scope, this.places));
    });
  }

  async removeAndPersist(source: string, options: { local?: boolean } = {}): Promise<boolean> {
    await this.remove(source, options);
    return this.removeSourceFromSettings(source, options);
  }

  /** Updates every configured package, or those matching `source`; local and pinned ones stay as they are. */
  async update(source?: string): Promise<void> {
    await this.step("update", source ?? "all", async () => void (await updatePackages(source, await this.context())));
  }

  /** The resources of the configured packages, the settings entries and the standard folders, as pi resolves them. */
  async resolve(): Promise<ResolvedPaths> {
    return resolvedPaths(this.places, await this.pithSettings());
  }

  private async step(action: Action, source: string, work: () => Promise<void>): Promise<void> {
    this.progress?.({ type: "start", action, source, message: `${action === "install" ? "Installing" : action === "remove" ? "Removing" : "Updating"} ${source}...` });
    try {
      await work();
    } catch (error) {
      this.progress?.({ type: "error", action, source, message: errorMessage(error) });
      throw error;
    }
    this.progress?.({ type: "complete", action, source });
  }

  private pithSettings(): Promise<PithSettings> {
    return PithSettings.load(this.places);
  }

  private async context() {
    return { ...this.places, settings: await this.pithSettings() };
  }

  /** A local path is stored relative to the scope's settings folder; other sources as given. */
  private storedForm(source: string, scope: PiScope): string {
    const parsed = parseSource(source);
    if (parsed.type !== "local") return source;
    return relative(scopeBaseDir(pithScope(scope), this.places), resolve(this.places.cwd, parsed.path)) || ".";
  }

  private sameSource(entry: PackageSource, source: string, scope: PiScope): boolean {
    try {
      const wanted = parseSource(source);
      const identity = wanted.type === "local" ? `local:${resolveLocalSource(wanted.path, this.places.cwd, this.places)}` : identityOf(wanted, pithScope(scope), this.places);
      return identityOf(parseSource(entrySource(entry)), pithScope(scope), this.places) === identity;
    } catch {
      return false;
    }
  }
}

