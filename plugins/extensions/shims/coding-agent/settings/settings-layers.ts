// The settings layers of pi 1.6.0's `SettingsManager`: one text per scope parsed and migrated as pith's settings
// service reads its files, and the global, project and override layers merged as pi merges them (objects merge
// key by key at every depth; `defaultTools` lists of only `+name`/`-name` entries add to the inherited list).
import { PithError } from "../../../../../kernel/index.js";
import { parseJsonText } from "../../../../../lib/json/json-text.js";
import { isPlainObject, type JsonObject } from "../../../../settings/files/json-object.js";
import { migrateLegacySettings } from "../../../../settings/files/migrate.js";

export type { JsonObject };

/** The tools a session starts with when `defaultTools` does not change them. */
const DEFAULT_TOOL_NAMES: readonly string[] = ["read", "bash", "edit", "write"];

/**
 * A settings text's object, migrated; nothing for an empty text. Throws (a load error, after which the scope is never
 * written over) on a text that is not JSON, and, as pith's settings service, on one that is not an object.
 */
export function parseSettingsText(text: string | undefined): JsonObject {
  if (!text) return {};
  const data = parseJsonText(text.startsWith("\uFEFF") ? text.slice(1) : text);
  if (!isPlainObject(data)) throw new PithError("SETTINGS_FILE_INVALID", "A settings file must hold a JSON object; fix the file, then reload.");
  return migrateLegacySettings(data);
}

function mergeObjects(base: JsonObject, over: JsonObject): JsonObject {
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const inherited = base[key];
    merged[key] = isPlainObject(inherited) && isPlainObject(value) ? mergeObjects(inherited, value) : value;
  }
  return merged;
}

const isModifier = (entry: unknown): boolean => typeof entry === "string" && (entry.startsWith("+") || entry.startsWith("-"));

export function mergeLayers(base: JsonObject, over: JsonObject): JsonObject {
  const merged = mergeObjects(base, over);
  const inherited = base.defaultTools;
  const own = over.defaultTools;
  // only a list of modifiers over an inherited list adds to it; anything else set replaces (files are not checked)
  if (Array.isArray(inherited) && Array.isArray(own) && own.every(isModifier)) merged.defaultTools = [...inherited, ...own];
  return merged;
}

/** The tools a merged `defaultTools` list selects: its plain names (else pi's defaults), then `+name` and `-name` in order. */
export function selectedTools(entries: readonly string[]): string[] {
  const plain = entries.filter((entry) => !isModifier(entry));
  const tools = plain.length > 0 || entries.length === 0 ? [...plain] : [...DEFAULT_TOOL_NAMES];
  for (const entry of entries.filter(isModifier)) {
    const name = entry.slice(1);
    const at = tools.indexOf(name);
    if (entry.startsWith("+") && name && at === -1) tools.push(name);
    if (entry.startsWith("-") && at !== -1) tools.splice(at, 1);
  }
  return tools;
}

/**
 * `file`'s settings with the fields changed this session taken from `changed`; a field of which only some keys
 * changed (`terminal.showImages`) keeps the file's other keys.
 */
export function withChangedFields(file: JsonObject, changed: JsonObject, fields: ReadonlyMap<string, ReadonlySet<string> | undefined>): JsonObject {
  const result: JsonObject = { ...file };
  for (const [field, keys] of fields) {
    const value = changed[field];
    if (!keys || !isPlainObject(value)) {
      result[field] = value;
      continue;
    }
    const nested: JsonObject = isPlainObject(file[field]) ? { ...file[field] } : {};
    for (const key of keys) nested[key] = value[key];
    result[field] = nested;
  }
  return result;
}
