// The state behind pi 1.6.0's `SettingsManager` (./settings-manager.ts has its accessors): the global and project
// layers read from a `SettingsStorage`, the effective settings merged from them, and pi's write rules. A setter
// changes the layer at once and queues the write; the write re-reads the text under the storage's lock and
// changes only the fields this manager changed, so edits made meanwhile by pi, pith or a person are kept.
// `flush()` waits for the queued writes; failures are kept for `drainErrors()`, as pi keeps them.
import { PithError } from "../../../../../kernel/index.js";
import { formatSettings } from "../../../../settings/files/settings-file.js";
import { mergeLayers, parseSettingsText, withChangedFields, type JsonObject } from "./settings-layers.js";
import type { SettingsScope, SettingsStorage } from "./settings-storage.js";

export interface SettingsError {
  scope: SettingsScope;
  path?: string;
  error: Error;
}

/** per field changed this session: the keys changed inside it, or undefined when the whole field was set */
type ChangedFields = Map<string, Set<string> | undefined>;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export class SettingsStore {
  protected global: JsonObject = {};
  protected project: JsonObject = {};
  /** global merged with project, then any overrides */
  protected effective: JsonObject = {};
  private readonly changed: Record<SettingsScope, ChangedFields> = { global: new Map(), project: new Map() };
  /** a scope whose text could not be read is never written over */
  private readonly unreadable: Record<SettingsScope, boolean> = { global: false, project: false };
  private writes: Promise<void> = Promise.resolve();
  private errors: SettingsError[] = [];

  protected constructor(
    private readonly storage: SettingsStorage,
    private trusted: boolean,
    private readonly paths: Partial<Record<SettingsScope, string>> = {},
  ) {
    this.global = this.load("global") ?? {};
    this.project = this.load("project") ?? {};
    this.remerge();
  }

  /** The scope's settings from storage; undefined (and the error kept) when its text is not JSON. */
  private load(scope: SettingsScope): JsonObject | undefined {
    this.unreadable[scope] = false;
    if (scope === "project" && !this.trusted) return {};
    let text: string | undefined;
    try {
      this.storage.withLock(scope, (current) => void (text = current));
      return parseSettingsText(text);
    } catch (error) {
      this.unreadable[scope] = true;
      this.record(scope, error);
      return undefined;
    }
  }

  private record(scope: SettingsScope, error: unknown): void {
    const path = this.paths[scope];
    this.errors.push({ scope, ...(path ? { path } : {}), error: asError(error) });
  }

  protected remerge(): void {
    this.effective = mergeLayers(this.global, this.project);
  }

  /** A copy of the effective settings: global and project merged, with overrides. */
  getSettings(): JsonObject {
    return structuredClone(this.effective);
  }
  getGlobalSettings(): JsonObject {
    return structuredClone(this.global);
  }
  getProjectSettings(): JsonObject {
    return structuredClone(this.project);
  }
  isProjectTrusted(): boolean {
    return this.trusted;
  }

  /** Trusting reads the project's settings now; distrusting drops them (and what this manager changed in them). */
  setProjectTrusted(trusted: boolean): void {
    if (trusted === this.trusted) return;
    this.trusted = trusted;
    this.changed.project.clear();
    this.project = this.load("project") ?? {};
    this.remerge();
  }

  /** Reads both layers again once queued writes are done; a layer that cannot be read keeps what it had. */
  async reload(): Promise<void> {
    await this.writes;
    this.global = this.load("global") ?? this.global;
    this.changed.global.clear();
    this.changed.project.clear();
    this.project = this.load("project") ?? this.project;
    this.remerge();
  }

  /** Overrides merged over the effective settings for this manager's life; never written. */
  applyOverrides(overrides: JsonObject): void {
    this.effective = mergeLayers(this.effective, overrides);
  }

  async flush(): Promise<void> {
    await this.writes;
  }

  drainErrors(): SettingsError[] {
    const drained = this.errors;
    this.errors = [];
    return drained;
  }

  /** Sets a global field (or one key inside it) and queues its write. */
  protected setGlobal(field: string, value: unknown, key?: string): void {
    if (key === undefined) this.global[field] = value;
    else this.global[field] = { ...(this.global[field] as JsonObject | undefined), [key]: value };
    this.markChanged("global", field, key);
    this.save("global");
  }

  protected markChanged(scope: SettingsScope, field: string, key?: string): void {
    const fields = this.changed[scope];
    if (key === undefined) {
      if (!fields.has(field)) fields.set(field, undefined);
      return;
    }
    fields.set(field, new Set([...(fields.get(field) ?? []), key]));
  }

  /** Sets a field of the project's settings; the project must be trusted. */
  protected setProject(field: string, value: unknown): void {
    this.assertTrusted();
    this.project = { ...structuredClone(this.project), [field]: value };
    this.markChanged("project", field);
    this.save("project");
  }

  private assertTrusted(): void {
    if (!this.trusted) {
      throw new PithError("SETTINGS_PROJECT_UNTRUSTED", "This project is not trusted, so its settings are not written; trust the project (setProjectTrusted(true)) first.");
    }
  }

  protected save(scope: SettingsScope): void {
    this.remerge();
    if (this.unreadable[scope]) return;
    const snapshot = structuredClone(scope === "global" ? this.global : this.project);
    const fields: ChangedFields = new Map([...this.changed[scope]].map(([field, keys]) => [field, keys && new Set(keys)]));
    this.writes = this.writes
      .then(() => {
        if (scope === "project") this.assertTrusted();
        this.storage.withLock(scope, (current) => formatSettings(withChangedFields(parseSettingsText(current), snapshot, fields), current));
        this.changed[scope].clear();
      })
      .catch((error: unknown) => this.record(scope, error));
  }
}
