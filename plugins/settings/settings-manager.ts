// Global and project settings: read, checked key by key, merged, and written back one key at a time.
import { join } from "node:path";
import { PithError } from "../../kernel/index.js";
import * as z from "zod/mini";
import { checkFields, checkValue, schemaAt, type SettingIssue } from "./files/check-settings.js";
import { withFileLock, type FileLockOptions } from "../../lib/lock/file-lock.js";
import { deepFreeze, isPlainObject, jsonEqual, mergeOneLevel, type JsonObject } from "./files/json-object.js";
import { migrateLegacySettings } from "./files/migrate.js";
import { DEFAULT_SETTINGS } from "./schema/defaults.js";
import { settingField, type Settings, type SettingsScope } from "./schema/schema.js";
import type { SettingPath, SettingValue } from "./schema/setting-path.js";
import { formatSettings, readSettingsFile, writeFileAtomic, type SettingsFileContent } from "./files/settings-file.js";

export interface SettingsManagerOptions {
  agentDir: string;
  cwd: string;
  /** read for the env-dependent defaults (PI_HARDWARE_CURSOR, PI_CLEAR_ON_SHRINK); default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  lock?: Pick<FileLockOptions, "timeoutMs" | "staleMs">;
  /**
   * false: the project's settings file is read but not applied (an untrusted project, see docs/security.md);
   * default true
   */
  projectTrusted?: boolean;
}

export interface SettingsWarning {
  scope: SettingsScope;
  file: string;
  /** the setting that fell back to its default; absent for problems with the whole file */
  key?: string;
  line?: number;
  column?: number;
  message: string;
}

interface Layer {
  /** checked and migrated: only valid known keys, plus unknown keys */
  data: JsonObject;
  warnings: SettingsWarning[];
}

export class SettingsManager {
  readonly paths: Readonly<Record<SettingsScope, string>>;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly lockOptions: Pick<FileLockOptions, "timeoutMs" | "staleMs">;
  private layers: Record<SettingsScope, Layer>;
  private effective: Settings;
  private writes: Promise<unknown> = Promise.resolve();
  private projectTrusted: boolean;

  private constructor(options: SettingsManagerOptions, layers: Record<SettingsScope, Layer>) {
    this.paths = Object.freeze(settingsPaths(options));
    this.env = options.env ?? process.env;
    this.lockOptions = options.lock ?? {};
    this.layers = layers;
    this.projectTrusted = options.projectTrusted ?? true;
    this.effective = this.computeEffective();
  }

  /**
   * Settings held elsewhere (the `SettingsManager` an extension hands its sub-session), read as the two files would
   * be, checked and migrated the same way; writes still go to the files.
   */
  static fromData(options: SettingsManagerOptions, data: Record<SettingsScope, JsonObject>): SettingsManager {
    const paths = settingsPaths(options);
    const layer = (scope: SettingsScope) => layerFrom(scope, paths[scope], { state: "read", data: data[scope], text: "" });
    return new SettingsManager(options, { global: layer("global"), project: layer("project") });
  }

  static async load(options: SettingsManagerOptions): Promise<SettingsManager> {
    const paths = settingsPaths(options);
    const [global, project] = await Promise.all([loadLayer("global", paths.global), loadLayer("project", paths.project)]);
    return new SettingsManager(options, { global, project });
  }

  /** The effective settings (global overlaid with project, defaults filled in); frozen. */
  get(): Settings {
    return this.effective;
  }

  /** What one file sets, after migration and checking; frozen. An untrusted project's file sets nothing. */
  fileSettings(scope: SettingsScope): Readonly<JsonObject> {
    return scope === "project" && !this.projectTrusted ? EMPTY : this.layers[scope].data;
  }

  /** The keys the project's settings file sets, trusted or not (to say what an untrusted project lost). */
  projectKeys(): string[] {
    return Object.keys(this.layers.project.data);
  }

  /**
   * The `sessionDir` setting, which pi reads before project trust is decided (sessions are looked up before
   * anything else): the project's, trusted or not, else the global one.
   */
  sessionDirSetting(): string | undefined {
    const value = this.layers.project.data.sessionDir ?? this.layers.global.data.sessionDir;
    return typeof value === "string" ? value : undefined;
  }

  isProjectTrusted(): boolean {
    return this.projectTrusted;
  }

  setProjectTrusted(trusted: boolean): void {
    if (trusted === this.projectTrusted) return;
    this.projectTrusted = trusted;
    this.effective = this.computeEffective();
  }

  /** Problems found in the files at the last load or write, each naming the file (an untrusted project's are not read). */
  get warnings(): readonly SettingsWarning[] {
    return this.projectTrusted ? [...this.layers.global.warnings, ...this.layers.project.warnings] : this.layers.global.warnings;
  }

  async reload(signal?: AbortSignal): Promise<void> {
    await this.writes;
    signal?.throwIfAborted();
    const [global, project] = await Promise.all([
      loadLayer("global", this.paths.global),
      loadLayer("project", this.paths.project),
    ]);
    this.layers = { global, project };
    this.effective = this.computeEffective();
  }

  /**
   * Sets one setting in one file; `undefined` removes it. The file is re-read under the lock right before
   * writing, so edits made to it meanwhile are kept; only this key changes.
   */
  async set<P extends SettingPath>(
    path: P,
    value: SettingValue<P> | undefined,
    scope: SettingsScope,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    const segments = path.split(".");
    const [key, ...inside] = segments;
    const field = settingField(key!);
    const schema = field && schemaAt(field, inside);
    if (!schema) throw new PithError("SETTINGS_UNKNOWN_KEY", `"${path}" is not a setting pith knows`);
    if (value !== undefined) {
      const [issue] = checkValue(schema, value, segments).issues;
      if (issue) {
        throw new PithError(
          "SETTINGS_INVALID_VALUE",
          `"${issue.key}" cannot be ${describeFound(issue.found)}; expected ${issue.expected}`,
        );
      }
    }
    // a copy: the stored settings are frozen, the caller's object must not be
    const stored: unknown = value === undefined ? undefined : structuredClone(value);
    const write = this.writes.then(() => this.writeKey(segments, stored, scope, options.signal));
    this.writes = write.catch(() => undefined);
    await write;
  }

  private async writeKey(segments: string[], value: unknown, scope: SettingsScope, signal?: AbortSignal): Promise<void> {
    const file = this.paths[scope];
    // removing a key from a file that does not exist changes nothing: do not even create its folder for the lock
    if (value === undefined && (await readSettingsFile(file)).state === "missing") return;
    await withFileLock(
      file,
      async () => {
        const current = await readSettingsFile(file, { holdingLock: true });
        if (current.state === "broken") {
          throw new PithError(
            "SETTINGS_FILE_INVALID",
            `${file} ${current.problem}; pith does not write over it. Fix the file, then try again`,
          );
        }
        const before = current.state === "read" ? current.data : {};
        const after = withValueAt(before, segments, value);
        if (jsonEqual(before, after)) {
          this.layers[scope] = layerFrom(scope, file, current);
        } else {
          await writeFileAtomic(file, formatSettings(after, current.state === "read" ? current.text : undefined));
          this.layers[scope] = layerFrom(scope, file, { state: "read", data: after, text: "" });
        }
        this.effective = this.computeEffective();
      },
      { ...this.lockOptions, signal, lockedCode: "SETTINGS_LOCKED" },
    );
  }

  private computeEffective(): Settings {
    const merged = mergeOneLevel(this.layers.global.data, this.fileSettings("project"));
    if (merged.showHardwareCursor === undefined && this.env.PI_HARDWARE_CURSOR === "1") merged.showHardwareCursor = true;
    const terminal = isPlainObject(merged.terminal) ? merged.terminal : {};
    if (terminal.clearOnShrink === undefined && this.env.PI_CLEAR_ON_SHRINK === "1") {
      merged.terminal = { ...terminal, clearOnShrink: true };
    }
    // nothing set anywhere: the defaults, without building the schema
    if (Object.keys(merged).length === 0) return DEFAULT_SETTINGS;
    // what the whole schema's parse gives, with only the keys set parsed (each file's values are checked already)
    const effective: JsonObject = { ...DEFAULT_SETTINGS };
    for (const [key, value] of Object.entries(merged)) {
      const field = settingField(key);
      effective[key] = field ? (z.parse(field, value) as JsonObject[string]) : value;
    }
    return deepFreeze(effective as Settings);
  }
}

const EMPTY: Readonly<JsonObject> = deepFreeze({});

function settingsPaths(options: { agentDir: string; cwd: string }): Record<SettingsScope, string> {
  return { global: join(options.agentDir, "settings.json"), project: join(options.cwd, ".pi", "settings.json") };
}

async function loadLayer(scope: SettingsScope, file: string): Promise<Layer> {
  return layerFrom(scope, file, await readSettingsFile(file));
}

function layerFrom(scope: SettingsScope, file: string, content: SettingsFileContent): Layer {
  if (content.state === "missing") return { data: deepFreeze({}), warnings: [] };
  if (content.state === "broken") {
    const message = `${scopeLabel(scope)} ${file} ${content.problem}; its settings are ignored until it is fixed`;
    return {
      data: deepFreeze({}),
      warnings: [{ scope, file, line: content.line, column: content.column, message }],
    };
  }
  const checked = checkFields(settingField, migrateLegacySettings(content.data), []);
  const warnings = checked.issues.map((issue) => ({ scope, file, key: issue.setting, message: describeIssue(scope, file, issue) }));
  return { data: deepFreeze(checked.value as JsonObject), warnings };
}

function describeIssue(scope: SettingsScope, file: string, issue: SettingIssue): string {
  const fallback = valueAt(DEFAULT_SETTINGS, issue.setting.split("."));
  const whole = issue.setting === issue.key ? "" : `the whole "${issue.setting}" `;
  const outcome =
    fallback === undefined ? `${whole || "it "}is ignored` : `${whole || "it "}falls back to ${JSON.stringify(fallback)}`;
  return `${scopeLabel(scope)} ${file}: "${issue.key}" is ${describeFound(issue.found)}, expected ${issue.expected}; ${outcome}`;
}

function scopeLabel(scope: SettingsScope): string {
  return scope === "global" ? "global settings" : "project settings";
}

function describeFound(value: unknown): string {
  if (value === undefined) return "missing";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** a copy of `root` with the value at `segments` replaced (or removed when `value` is undefined) */
function withValueAt(root: JsonObject, segments: readonly string[], value: unknown): JsonObject {
  const [head, ...rest] = segments;
  if (head === undefined) return root;
  const copy: JsonObject = { ...root };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = isPlainObject(root[head]) ? root[head] : {};
  copy[head] = withValueAt(child, rest, value);
  return copy;
}
