// What the loaded extensions give a terminal UI to draw and bind: their shortcuts (pi's `registerShortcut`), the
// renderers of their custom messages and entries (`registerMessageRenderer`, `registerEntryRenderer`), their
// markdown transformers, and how calls of a tool are drawn (a tool's `renderCall`/`renderResult`/`renderShell`,
// through the `registerToolRenderer` resolvers). The UI asks each time
// it draws or a key arrives, so what it gets always belongs to the instances loaded now (reloads, session moves).
import { createExtensionContext } from "../context/extension-context.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";

/** A renderer as an extension wrote it; the terminal UI knows the arguments pi passes. */
export type ExtensionRenderFunction = (...args: never[]) => unknown;

export interface ExtensionShortcut {
  /** as registered: `ctrl+shift+p`, `Key.ctrlAlt("p")` */
  key: string;
  description?: string;
  /** the extension's file */
  extension: string;
  /** runs the handler with the extension's ctx; a failure rejects */
  run(): Promise<void>;
}

/** The surfaces a markdown transformer may see (pi's `messageType`). */
export type MarkdownSurface = "user" | "assistant" | "assistant-thinking" | "custom" | "summary" | "changelog";

/** What a markdown transformer is told besides the markdown. */
export interface MarkdownTransformContext {
  messageType: MarkdownSurface;
  /** a reply still streaming */
  isStreaming: boolean;
  /** the columns the markdown is drawn in */
  availableWidth: number;
  /** the session entry, for messages drawn from the session file */
  messageId?: string;
  timestamp?: string;
}

export type MarkdownTransformer = (markdown: string, context: MarkdownTransformContext) => unknown;

/** pi's default: user text, replies and their thinking */
const DEFAULT_SURFACES: readonly MarkdownSurface[] = ["user", "assistant", "assistant-thinking"];

/** How calls of one tool are drawn; a slot left out is drawn by the UI's own fallback. */
export interface ToolRendering {
  renderCall?: ExtensionRenderFunction;
  renderResult?: ExtensionRenderFunction;
  renderShell?: "default" | "self";
}

export interface ExtensionTerminalParts {
  /** every extension's shortcuts, in load order (a later one wins a key) */
  shortcuts(): ExtensionShortcut[];
  /** the renderer of custom messages of this type: the first extension's that registered one, as in pi */
  messageRenderer(customType: string): ExtensionRenderFunction | undefined;
  /** the renderer of custom session entries of this type (`pi.appendEntry`): the first extension's, as in pi */
  entryRenderer(customType: string): ExtensionRenderFunction | undefined;
  /** every extension's markdown transformer in load order, each passing on the surfaces it did not ask for */
  markdownTransformers(): MarkdownTransformer[];
  /** how calls of `toolName` are drawn: the resolvers in load order, then the extension tool of that name */
  toolRendering(toolName: string): ToolRendering | undefined;
}

type Resolver = (toolName: string, next: () => ToolRendering | undefined) => ToolRendering | undefined;

export function extensionTerminalParts(runtime: ExtensionRuntime): ExtensionTerminalParts {
  const live = () => runtime.records.filter((record) => record.live);
  return {
    shortcuts: () =>
      live().flatMap((record) =>
        [...record.shortcuts.entries()].map(([key, options]) => ({
          key,
          ...(options.description ? { description: options.description } : {}),
          extension: record.source.path,
          run: async () => {
            await options.handler(createExtensionContext(runtime, record));
          },
        })),
      ),
    messageRenderer: (customType) => firstRenderer(live(), (record) => record.renderers.get(customType)),
    entryRenderer: (customType) => firstRenderer(live(), (record) => record.entryRenderers.get(customType)),
    markdownTransformers: () =>
      live().flatMap((record) => {
        if (!record.markdownTransformer) return [];
        const { transform, options } = record.markdownTransformer;
        const surfaces = new Set(options.messageTypes ?? DEFAULT_SURFACES);
        return [(markdown, context) => (surfaces.has(context.messageType) ? (transform as MarkdownTransformer)(markdown, context) : markdown)];
      }),
    toolRendering(toolName) {
      const resolvers = live().flatMap((record) => record.toolRenderers as Resolver[]);
      const resolve = (index: number): ToolRendering | undefined =>
        index < resolvers.length ? resolvers[index]!(toolName, () => resolve(index + 1)) : registeredRendering(runtime, toolName);
      return resolve(0);
    },
  };
}

function firstRenderer(records: readonly ExtensionRecord[], renderer: (record: ExtensionRecord) => unknown): ExtensionRenderFunction | undefined {
  for (const record of records) {
    const found = renderer(record);
    if (typeof found === "function") return found as ExtensionRenderFunction;
  }
  return undefined;
}

/** the render functions of the extension tool that is registered under `toolName`, if it has any */
function registeredRendering(runtime: ExtensionRuntime, toolName: string): ToolRendering | undefined {
  const owner = runtime.context.registry.tools.owner(toolName);
  const tool = runtime.records.find((record) => record.live && record.owner === owner)?.tools.get(toolName);
  if (!tool || (!tool.renderCall && !tool.renderResult)) return undefined;
  return {
    ...(tool.renderCall ? { renderCall: tool.renderCall } : {}),
    ...(tool.renderResult ? { renderResult: tool.renderResult } : {}),
    ...(tool.renderShell ? { renderShell: tool.renderShell } : {}),
  };
}
