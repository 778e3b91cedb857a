// The project view of the `pith config` selector, as pi 1.6.0 writes it: a row cycles between inheriting (no entry
// in .pi/settings.json), loading (`+pattern`) and unloading (`-pattern`) in the project. A user's auto-discovered file
// is named by its absolute path, listed once and then switched; a user package gets a project entry
// `{ source, autoload: false, <kind>: [...] }` (a local source written relative to .pi), dropped again once empty.
import { relative } from "node:path";
import type { PackageSource } from "../../../settings/index.js";
import { stringEntries } from "../config-resources.js";
import { withFilter } from "../config-filter.js";
import { entrySource, identityOf, scopeEntries } from "../../sources/configured.js";
import { scopeBaseDir } from "../../installers/locations.js";
import type { PackageManagerContext } from "../../package-manager.js";
import { isLocalPath, parseSource } from "../../sources/source.js";
import { RESOURCE_TYPES } from "../../sources/package-resources.js";
import type { ConfigItem } from "./config-groups.js";

export type OverrideState = "inherit" | "load" | "unload";

const PREFIXED = /^[!+-]/;
const target = (entry: string) => (PREFIXED.test(entry) ? entry.slice(1) : entry);

/** What the project settings say of a row. */
export class ProjectOverrides {
  /** whether each user resource (by kind and file) is enabled by the user's settings alone */
  private readonly inherited = new Map<string, boolean>();

  constructor(
    private readonly context: PackageManagerContext,
    userItems: readonly ConfigItem[],
  ) {
    for (const item of userItems) this.inherited.set(keyOf(item), item.enabled);
  }

  /** a row the user's settings decide until the project says otherwise */
  isInherited(item: ConfigItem): boolean {
    return item.scope === "global" || this.inherited.has(keyOf(item));
  }

  inheritedEnabled(item: ConfigItem): boolean {
    return this.inherited.get(keyOf(item)) ?? (item.scope === "global" ? item.enabled : true);
  }

  state(item: ConfigItem): OverrideState {
    if (!item.pkg) return lastState(stringEntries(this.projectSettings()[item.kind]), this.topLevelPatterns(item), false);
    const entry = this.matchingEntry(item);
    if (typeof entry !== "object") return "inherit";
    const entries = entry[item.kind];
    if (entries === undefined) return "inherit";
    return lastState(entries, new Set([item.path]), (entry as { autoload?: unknown }).autoload !== false);
  }

  /** the state a toggle moves the row to: away from what it inherits first, back to inheriting last */
  next(item: ConfigItem): OverrideState {
    const state = this.state(item);
    const enabled = this.inheritedEnabled(item);
    if (state === "inherit") return enabled ? "unload" : "load";
    if (state === "unload") return enabled ? "load" : "inherit";
    return enabled ? "inherit" : "unload";
  }

  /** Writes the row's state into .pi/settings.json; false when there was nothing to write. */
  async write(item: ConfigItem, state: OverrideState): Promise<boolean> {
    return item.pkg ? this.writePackage(item, state) : this.writeTopLevel(item, state);
  }

  private projectSettings() {
    return this.context.settings.fileSettings("project");
  }

  private async writeTopLevel(item: ConfigItem, state: OverrideState): Promise<boolean> {
    const inherited = this.isInherited(item);
    const pattern = inherited ? item.file : item.path;
    const patterns = this.topLevelPatterns(item);
    const kept = stringEntries(this.projectSettings()[item.kind]).filter(
      (entry) => !(PREFIXED.test(entry) && patterns.has(target(entry))) && !(state === "inherit" && inherited && target(entry) === pattern),
    );
    if (state !== "inherit") {
      // a project entry names an inherited file before switching it
      if (inherited && !kept.includes(pattern)) kept.push(pattern);
      kept.push(`${state === "load" ? "+" : "-"}${pattern}`);
    }
    await this.context.settings.set(item.kind, kept, "project", { signal: this.context.signal });
    return true;
  }

  private async writePackage(item: ConfigItem, state: OverrideState): Promise<boolean> {
    const packages: PackageSource[] = [...scopeEntries(this.context.settings, "project")];
    let index = packages.findIndex((entry) => this.sameSource(item, entry));
    if (index === -1) {
      if (state === "inherit") return false;
      packages.push(this.overrideEntry(item));
      index = packages.length - 1;
    }
    const entry = packages[index]!;
    const current = typeof entry === "string" ? [] : (entry[item.kind] ?? []);
    const kept = current.filter((pattern) => target(pattern) !== item.path);
    if (state !== "inherit") kept.push(`${state === "load" ? "+" : "-"}${item.path}`);
    const next = withFilter(entry, item.kind, kept.length > 0 ? kept : undefined);
    const emptyOverride = typeof next === "object" && next.autoload === false && !RESOURCE_TYPES.some((kind) => kind in next);
    if (emptyOverride) packages.splice(index, 1);
    else packages[index] = next;
    await this.context.settings.set("packages", packages, "project", { signal: this.context.signal });
    return true;
  }

  /** the project entry that speaks for the row's package: the same source, or a local path to the same folder */
  private matchingEntry(item: ConfigItem): PackageSource | undefined {
    return scopeEntries(this.context.settings, "project").find((entry) => this.sameSource(item, entry));
  }

  private sameSource(item: ConfigItem, entry: PackageSource): boolean {
    const source = entrySource(entry);
    if (source === item.pkg!.source) return true;
    if (!isLocalPath(source) || !isLocalPath(item.pkg!.source)) return false;
    return identityOf(parseSource(source), "project", this.context) === item.pkg!.identity;
  }

  private overrideEntry(item: ConfigItem): PackageSource {
    const { source, installedPath } = item.pkg!;
    if (!isLocalPath(source)) return { source, autoload: false };
    return { source: relative(scopeBaseDir("project", this.context), installedPath) || ".", autoload: false };
  }

  /** the ways a project entry may name a top-level file: by the path the project would write, absolute, or from .pi */
  private topLevelPatterns(item: ConfigItem): Set<string> {
    const projectBase = scopeBaseDir("project", this.context);
    return new Set([item.scope === "project" ? item.path : item.file, item.file, relative(projectBase, item.file), item.path]);
  }
}

/** the last entry naming one of the patterns decides; pi's `[]` on a package entry unloads everything */
function lastState(entries: readonly string[], patterns: ReadonlySet<string>, emptyUnloads: boolean): OverrideState {
  if (entries.length === 0 && emptyUnloads) return "unload";
  let state: OverrideState = "inherit";
  for (const entry of entries) if (patterns.has(target(entry))) state = entry.startsWith("!") || entry.startsWith("-") ? "unload" : "load";
  return state;
}

const keyOf = (item: ConfigItem) => `${item.kind}:${item.file}`;
