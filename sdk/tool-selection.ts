// Which tools a session starts with (pi 1.6.0): the default tools (`defaultTools`, else read, bash, edit, write)
// plus every other plugin's and extension's tools; `--tools` either replaces that with an allowlist of names and
// `*` patterns (MCP tools stay unless an entry starts with `mcp__`) or, given only `+name`/`-name` entries, changes
// the defaults; `--exclude-tools` takes names and patterns away last. Names that match no tool are reported.
import { isToolModifier as isModifier } from "../lib/tool-list/tool-list-entries.js";

export const DEFAULT_TOOL_NAMES: readonly string[] = ["read", "bash", "edit", "write"];

export interface ToolSelectionOptions {
  /** `--tools`: an allowlist, or only `+name`/`-name` entries */
  tools?: readonly string[];
  /** `--exclude-tools` */
  excludeTools?: readonly string[];
  /** `--no-tools` */
  noTools?: boolean;
  /** `--no-builtin-tools`: no built-in tool starts active; other tools do */
  noBuiltinTools?: boolean;
  /** the merged `defaultTools` setting (see mergeDefaultTools) */
  defaultTools?: readonly string[];
}

export interface ToolSelection {
  active: string[];
  /** entries of `--tools`/`--exclude-tools` that match no registered tool */
  unknown: string[];
}

/** A project's `defaultTools` of only `+name`/`-name` entries changes the global list; any other replaces it. */
export function mergeDefaultTools(global: readonly string[] | undefined, project: readonly string[] | undefined): string[] | undefined {
  if (project === undefined) return global && [...global];
  if (global === undefined || !project.every(isModifier)) return [...project];
  return [...global, ...project];
}

export interface RegisteredTool {
  name: string;
  /** one of pith's built-in tools: active only when the default tools (or `--tools`) name it */
  builtin: boolean;
  /** registered active by its plugin */
  active: boolean;
}

/** `tools` in registration order. */
export function selectTools(tools: readonly RegisteredTool[], options: ToolSelectionOptions): ToolSelection {
  const registered = tools.map((tool) => tool.name);
  const builtin = new Set(tools.filter((tool) => tool.builtin).map((tool) => tool.name));
  const activeByDefault = new Set(tools.filter((tool) => tool.active).map((tool) => tool.name));
  const unknown = new Set<string>();
  const defaults = options.noTools || options.noBuiltinTools ? [] : resolveDefaultTools(options.defaultTools);
  const allowlist = options.tools;
  const modifiers = allowlist !== undefined && allowlist.length > 0 && allowlist.every(isModifier) ? allowlist : undefined;

  let isActive: (name: string) => boolean;
  if (allowlist && !modifiers) {
    const allow = matcher(allowlist, registered, unknown);
    const keepMcp = !allowlist.some((entry) => entry.startsWith("mcp__"));
    isActive = (name) => allow(name) || (keepMcp && isMcpTool(name) && activeByDefault.has(name));
  } else {
    for (const entry of modifiers ?? []) if (!registered.includes(entry.slice(1))) unknown.add(entry);
    const selected = new Set(applyModifiers(defaults, modifiers ?? []));
    const removed = new Set((modifiers ?? []).filter((entry) => entry.startsWith("-")).map((entry) => entry.slice(1)));
    isActive = (name) => {
      if (options.noTools) return false;
      if (selected.has(name)) return true;
      return !builtin.has(name) && activeByDefault.has(name) && !removed.has(name);
    };
  }
  const exclude = options.excludeTools ? matcher(options.excludeTools, registered, unknown) : () => false;
  return { active: registered.filter((name) => isActive(name) && !exclude(name)), unknown: [...unknown] };
}

/**
 * Whether a resumed session keeps the tools it recorded: `--tools` names no tools (absent, or only `+name`/`-name`
 * entries, applied to the recorded tools) and neither `--no-tools` nor `--no-builtin-tools` is given.
 */
export function keepsRecordedTools(options: ToolSelectionOptions): boolean {
  if (options.noTools || options.noBuiltinTools) return false;
  return options.tools === undefined || (options.tools.length > 0 && options.tools.every(isModifier));
}

/** A resumed session's recorded tools with `--tools` `+name`/`-name` applied, then `--exclude-tools`. */
export function selectRecordedTools(recorded: readonly string[], registered: readonly string[], options: ToolSelectionOptions): ToolSelection {
  const unknown = new Set<string>();
  const modifiers = options.tools ?? [];
  for (const entry of modifiers) if (!registered.includes(entry.slice(1))) unknown.add(entry);
  const exclude = options.excludeTools ? matcher(options.excludeTools, registered, unknown) : () => false;
  const active = applyModifiers(recorded, modifiers).filter((name) => registered.includes(name) && !exclude(name));
  return { active, unknown: [...unknown] };
}

/** Unset: read, bash, edit, write. Plain names replace those; then `+name` adds and `-name` removes, in order. */
function resolveDefaultTools(entries: readonly string[] | undefined): string[] {
  if (entries === undefined) return [...DEFAULT_TOOL_NAMES];
  const plain = entries.filter((entry) => !isModifier(entry));
  return applyModifiers(plain.length > 0 || entries.length === 0 ? plain : DEFAULT_TOOL_NAMES, entries);
}

function applyModifiers(base: readonly string[], entries: readonly string[]): string[] {
  const tools = [...base];
  for (const entry of entries) {
    const name = entry.slice(1);
    const index = tools.indexOf(name);
    if (entry.startsWith("+") && name && index === -1) tools.push(name);
    else if (entry.startsWith("-") && index !== -1) tools.splice(index, 1);
  }
  return tools;
}

/** Matches names and `*` patterns; entries that match no registered tool go to `unknown`. */
function matcher(entries: readonly string[], registered: readonly string[], unknown: Set<string>): (name: string) => boolean {
  const tests = entries.map((entry) => {
    if (!entry.includes("*")) return (name: string) => name === entry;
    const pattern = new RegExp(`^${entry.split("*").map(escapeRegExp).join(".*")}$`, "i");
    return (name: string) => pattern.test(name);
  });
  entries.forEach((entry, index) => {
    if (!registered.some(tests[index]!)) unknown.add(entry);
  });
  return (name) => tests.some((test) => test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function isMcpTool(name: string): boolean {
  return name.startsWith("mcp__") || name === "list_mcp_resources" || name === "list_mcp_resource_templates" || name === "read_mcp_resource";
}
