// What one loaded extension registered. Registrations made while its factory runs are held here and take effect
// only when the factory succeeded, so a factory that throws halfway leaves nothing behind.
import type { ExtensionSource } from "../loading/discovery.js";
import { extensionOwner } from "./errors.js";
import type { NativeProvider } from "../registrations/native-provider.js";
import type {
  ExtensionEventName,
  ExtensionVirtualModel,
  MarkdownTransformerOptions,
  PiCommandOptions,
  PiFlagOptions,
  PiShortcutOptions,
  PiToolDefinition,
  SourceInfo,
} from "../contract/types.js";

export type AnyHandler = (event: never, ctx: never) => unknown;

export interface ExtensionRecord {
  readonly source: ExtensionSource;
  /** the file as messages name it */
  readonly display: string;
  /** the name its taps, tools and reports carry: "extension <display>" */
  readonly owner: string;
  /** position in load order (a pre-trust instance the session adopts takes its place in the session's order) */
  order: number;
  /** the runtime's unload count when it loaded; an unload makes the instance stale */
  readonly generation: number;
  readonly sourceInfo: SourceInfo;
  /** false while the factory runs; registrations then wait for it to succeed */
  live: boolean;
  /** every handler it registered: tapped when its factory succeeded, and again in a session that adopts it */
  readonly handlers: { event: ExtensionEventName; handler: AnyHandler }[];
  readonly tools: Map<string, PiToolDefinition>;
  readonly commands: Map<string, PiCommandOptions>;
  readonly flags: Map<string, PiFlagOptions>;
  readonly shortcuts: Map<string, PiShortcutOptions>;
  readonly renderers: Map<string, unknown>;
  /** what the interactive UI draws with: entry renderers by custom type, tool renderers in order */
  readonly entryRenderers: Map<string, unknown>;
  readonly toolRenderers: unknown[];
  /** its one markdown transformer (registering again replaces it, as in pi) */
  markdownTransformer: { transform: unknown; options: MarkdownTransformerOptions } | undefined;
  readonly pendingProviders: { name: string; config: Record<string, unknown> }[];
  /** the pi-ai provider objects it registered whole, by id (`ctx.modelRegistry.getRegisteredNativeProvider`) */
  readonly nativeProviders: Map<string, NativeProvider>;
  /** virtual models registered while its factory ran (pi queues them with the providers) */
  readonly pendingVirtualModels: ExtensionVirtualModel[];
  /** virtual models it gave the models service, as [provider, id], taken back when it unloads */
  readonly virtualModels: Map<string, [string, string]>;
  /** MCP servers registered while its factory ran, registered once it succeeded */
  readonly pendingMcpServers: { name: string; config: Record<string, unknown> }[];
  /** providers it gave the models service, taken back when it unloads */
  readonly providerNames: Set<string>;
  /** MCP servers it registered, unregistered when it unloads */
  readonly mcpServers: Set<string>;
}

/** pi's `sourceInfo.source` for each way of finding an extension */
const SOURCE_NAMES: Readonly<Record<ExtensionSource["origin"], string>> = { cli: "local", settings: "local", auto: "auto", package: "package", sdk: "sdk" };

export function createExtensionRecord(source: ExtensionSource, display: string, order: number, generation: number): ExtensionRecord {
  return {
    source,
    display,
    owner: extensionOwner(display),
    order,
    generation,
    sourceInfo: {
      path: source.path,
      source: SOURCE_NAMES[source.origin],
      scope: source.scope,
      origin: source.origin === "package" ? "package" : "top-level",
      ...(source.baseDir ? { baseDir: source.baseDir } : {}),
    },
    live: false,
    handlers: [],
    tools: new Map(),
    commands: new Map(),
    flags: new Map(),
    shortcuts: new Map(),
    renderers: new Map(),
    entryRenderers: new Map(),
    toolRenderers: [],
    markdownTransformer: undefined,
    pendingProviders: [],
    nativeProviders: new Map(),
    pendingVirtualModels: [],
    virtualModels: new Map(),
    pendingMcpServers: [],
    providerNames: new Set(),
    mcpServers: new Set(),
  };
}
