// Tools, commands and flags of the loaded extensions, registered with the session. When two extensions
// claim one name the precedence rule (conflicts.ts) picks the winner and the loser is reported with both files;
// start-up never stops for it. Commands claimed twice also stay reachable as `/name:1`, `/name:2` (load order),
// as in pi 0.73; plain `/name` runs the winner.
import type { Disposer, PithError } from "../../../kernel/index.js";
import { conflictError, resolveClaims, type Claim } from "./conflicts.js";
import { adaptCommand } from "./command-adapter.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import { adaptTool, startsActive } from "./tool-adapter.js";
import type { PiCommandOptions, PiFlagOptions, PiToolDefinition, SlashCommandInfo, SourceInfo, ToolInfo } from "../contract/types.js";

/** per tool name: the instance whose tool is registered, and how to take it back */
const registeredTools = new WeakMap<ExtensionRuntime, Map<string, { record: ExtensionRecord; unregister: Disposer }>>();
const reportedConflicts = new WeakMap<ExtensionRuntime, Set<string>>();

function reportOnce(runtime: ExtensionRuntime, error: PithError): void {
  let seen = reportedConflicts.get(runtime);
  if (!seen) reportedConflicts.set(runtime, (seen = new Set()));
  if (seen.has(error.message)) return;
  seen.add(error.message);
  runtime.report(error);
}

/** Unloaded instances hold no names; conflicts among the next ones are reported afresh. */
export function forgetRegistrations(runtime: ExtensionRuntime): void {
  registeredTools.delete(runtime);
  reportedConflicts.delete(runtime);
}

function liveRecords(runtime: ExtensionRuntime): ExtensionRecord[] {
  return runtime.records.filter((record) => record.live);
}

// ---- tools -----------------------------------------------------------------------------------------------------

/** Registers the winning tool of every name; called once all extensions loaded. */
export function registerAllTools(runtime: ExtensionRuntime): void {
  const claims: Claim<PiToolDefinition>[] = liveRecords(runtime).flatMap((record) =>
    [...record.tools.values()].map((tool) => ({ name: tool.name, record, value: tool })),
  );
  const { winners, conflicts } = resolveClaims("tool", claims);
  for (const conflict of conflicts) reportOnce(runtime, conflict);
  for (const claim of winners.values()) install(runtime, claim.record, claim.value);
}

/** A tool registered after start-up (from a handler or command): it wins unless an outranking extension has it. */
export function registerToolNow(runtime: ExtensionRuntime, record: ExtensionRecord, tool: PiToolDefinition): void {
  const held = registeredTools.get(runtime)?.get(tool.name);
  const holder = held?.record;
  if (held && holder && holder !== record) {
    const { winners } = resolveClaims("tool", [
      { name: tool.name, record: holder, value: tool },
      { name: tool.name, record, value: tool },
    ]);
    const winner = winners.get(tool.name)!.record;
    reportOnce(runtime, conflictError("tool", tool.name, winner, winner === record ? holder : record));
    if (winner !== record) return;
    held.unregister();
  }
  install(runtime, record, tool);
}

function install(runtime: ExtensionRuntime, record: ExtensionRecord, tool: PiToolDefinition): void {
  let byName = registeredTools.get(runtime);
  if (!byName) registeredTools.set(runtime, (byName = new Map()));
  byName.set(tool.name, { record, unregister: runtime.pluginContextFor(record).registerTool(adaptTool(runtime, record, tool), { active: startsActive(tool) }) });
}

export function listTools(runtime: ExtensionRuntime): ToolInfo[] {
  const owners = new Map(runtime.records.map((record) => [record.owner, record]));
  return runtime.session.allTools().map((tool) => {
    const owner = runtime.context.registry.tools.owner(tool.name) ?? "";
    const record = owners.get(owner);
    // pi 1.6 lists what the definition declares beside the basics
    const declared = record?.tools.get(tool.name);
    return {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      promptGuidelines: tool.promptGuidelines ?? [],
      exposure: declared?.exposure ?? tool.exposure ?? "direct",
      ...(declared?.namespace ? { namespace: declared.namespace } : tool.namespace ? { namespace: tool.namespace } : {}),
      ...(declared?.annotations ? { annotations: declared.annotations } : {}),
      ...(declared?.reachesTools ? { reachesTools: declared.reachesTools } : {}),
      sourceInfo: record?.sourceInfo ?? pluginSource(tool.name, owner),
    };
  });
}

function pluginSource(name: string, owner: string): SourceInfo {
  return owner === "tools"
    ? { path: `<builtin:${name}>`, source: "builtin", scope: "temporary", origin: "top-level" }
    : { path: `<plugin:${owner}>`, source: "sdk", scope: "temporary", origin: "top-level" };
}

// ---- commands --------------------------------------------------------------------------------------------------

/** Rebuilds the invocation names from every loaded extension's commands and registers them. */
export function registerAllCommands(runtime: ExtensionRuntime): void {
  const claims: Claim<PiCommandOptions>[] = liveRecords(runtime).flatMap((record) =>
    [...record.commands.entries()].map(([name, options]) => ({ name, record, value: options })),
  );
  const { winners, conflicts } = resolveClaims("command", claims);
  for (const conflict of conflicts) reportOnce(runtime, conflict);
  const counts = new Map<string, number>();
  for (const claim of claims) counts.set(claim.name, (counts.get(claim.name) ?? 0) + 1);

  const table = new Map<string, { record: ExtensionRecord; name: string; options: PiCommandOptions; unregister?: Disposer }>();
  const occurrence = new Map<string, number>();
  for (const claim of claims) {
    if ((counts.get(claim.name) ?? 0) > 1) {
      const index = (occurrence.get(claim.name) ?? 0) + 1;
      occurrence.set(claim.name, index);
      table.set(`${claim.name}:${index}`, { record: claim.record, name: claim.name, options: claim.value });
    }
  }
  for (const claim of winners.values()) table.set(claim.name, { record: claim.record, name: claim.name, options: claim.value });

  for (const [name, previous] of runtime.commandTable) if (!table.has(name) || table.get(name)!.record !== previous.record) previous.unregister?.();
  for (const [name, entry] of table) {
    entry.unregister = runtime.pluginContextFor(entry.record).registerCommand(adaptCommand(runtime, entry.record, name, entry.options));
  }
  runtime.commandTable.clear();
  for (const [name, entry] of table) runtime.commandTable.set(name, entry);
}

export function listCommands(runtime: ExtensionRuntime): SlashCommandInfo[] {
  const extension: SlashCommandInfo[] = [...runtime.commandTable.entries()]
    // a name claimed twice is listed by its numbered forms only, as pi lists it
    .filter(([name, entry]) => !(name === entry.name && runtime.commandTable.has(`${name}:1`)))
    .map(([name, entry]) => ({
      name,
      ...(entry.options.description ? { description: entry.options.description } : {}),
      source: "extension" as const,
      sourceInfo: entry.record.sourceInfo,
    }));
  const templates = runtime.context.tryUse("promptTemplates")?.commands() ?? [];
  const skills = runtime.context.tryUse("skills")?.commands() ?? [];
  return [...extension, ...templates, ...skills];
}

// ---- flags -----------------------------------------------------------------------------------------------------

export interface RegisteredFlag extends PiFlagOptions {
  name: string;
  extension: string;
}

/** The winning definition of every flag name (reports the losers). */
export function resolveFlags(runtime: ExtensionRuntime): RegisteredFlag[] {
  const claims: Claim<PiFlagOptions>[] = liveRecords(runtime).flatMap((record) =>
    [...record.flags.entries()].map(([name, options]) => ({ name, record, value: options })),
  );
  const { winners, conflicts } = resolveClaims("flag", claims);
  for (const conflict of conflicts) reportOnce(runtime, conflict);
  return [...winners.values()].map((claim) => ({ ...claim.value, name: claim.name, extension: claim.record.source.path }));
}
