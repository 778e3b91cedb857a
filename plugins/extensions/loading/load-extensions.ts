// Loads extension files one after the other, in order, and runs each one's default export:
//   a function          a pi extension factory, called with its `pi` object (sync or async)
//   {name, setup}       a pith plugin, set up like any other plugin
// A file that fails to import, exports neither, or whose factory throws is reported (naming the file) and left
// out; the others load.
import { errorMessage, nowMs, PithError, type PithPlugin, type PluginContext } from "../../../kernel/index.js";
import type { ExtensionSource } from "./discovery.js";
import { displayPath } from "./display-path.js";
import { createExtensionAPI, registerMcpServerNow } from "../instance/extension-api.js";
import { extensionError } from "../instance/errors.js";
import { createExtensionRecord, type ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionModuleLoader } from "./module-loader.js";
import type { ExtensionRuntime, InstanceHost } from "../runtime.js";
import type { PreloadedExtensions } from "./preloaded.js";
import type { ExtensionFactory } from "../contract/types.js";

export interface InlineExtension {
  /** shown in messages as `<inline:name>` */
  name: string;
  factory: ExtensionFactory;
}

/** Times a part of the work for the boot timing report (the plugin context's `time`), or just runs it. */
export type TimeWork = PluginContext["time"];

export const untimed: TimeWork = (_label, work) => work((_nested, part) => part());

export interface LoadOptions {
  inline?: readonly InlineExtension[];
  time?: TimeWork;
  /** instances loaded before the session (project trust): adopted instead of running their factories again */
  preloaded?: PreloadedExtensions;
}

export async function loadExtensions(runtime: ExtensionRuntime, sources: readonly ExtensionSource[], loader: ExtensionModuleLoader, options: LoadOptions = {}): Promise<void> {
  const { inline = [], time = untimed, preloaded } = options;
  let order = 0;
  for (const source of sources) {
    const adopted = preloaded?.take(source.path);
    if (adopted && adopted.record.source.place === source.place) {
      adopt(runtime, adopted, order++);
      continue;
    }
    const record = createExtensionRecord(source, displayPath(source.path, runtime.cwd), order++, runtime.generation);
    await time(record.display, async (part) => {
      const started = nowMs();
      let exported: unknown;
      try {
        exported = await part("import", () => loader.load(source.path));
      } catch (error) {
        runtime.report(
          new PithError("EXTENSION_LOAD_FAILED", `Failed to load extension ${record.display}: ${errorMessage(error)}`, { cause: error, plugin: record.owner, hook: "load" }),
        );
        return;
      }
      const importMs = nowMs() - started;
      await part("factory", () => run(runtime, record, exported));
      runtime.timings.push({ path: source.path, importMs, factoryMs: nowMs() - started - importMs });
    });
  }
  for (const { name, factory } of inline) {
    const source: ExtensionSource = { path: `<inline:${name}>`, place: "sdk", origin: "sdk", scope: "temporary" };
    // a factory a resource loader already ran (pi's DefaultResourceLoader): its instance joins this session
    const adopted = preloaded?.take(source.path);
    if (adopted) {
      adopt(runtime, adopted, order++);
      continue;
    }
    await run(runtime, createExtensionRecord(source, source.path, order++, runtime.generation), factory);
  }
}

/** An instance loaded before (project trust, a resource loader) takes its place here, its factory not run again. */
function adopt(runtime: ExtensionRuntime, adopted: { record: ExtensionRecord; host: InstanceHost }, order: number): void {
  adopted.record.order = order;
  adopted.host.runtime = runtime;
  commit(runtime, adopted.record, adopted.host);
}

async function run(runtime: ExtensionRuntime, record: ExtensionRecord, exported: unknown): Promise<void> {
  const host: InstanceHost = { runtime };
  if (isPithPlugin(exported)) {
    // set up like any plugin, through a context that lets it unload with the extensions
    const scope = runtime.pluginContext(exported.name);
    try {
      await exported.setup(scope);
    } catch (error) {
      scope.dispose();
      runtime.report(
        error instanceof PithError && error.plugin
          ? error
          : new PithError(error instanceof PithError ? error.code : "PLUGIN_SETUP_FAILED", `plugin ${exported.name} failed during setup: ${errorMessage(error)}`, { cause: error, plugin: exported.name, hook: "setup" }),
      );
    }
    return;
  }
  if (typeof exported !== "function") {
    runtime.report(
      new PithError(
        "EXTENSION_INVALID",
        `Extension ${record.display} does not export a valid factory function: its default export must be a function (pi extension) or {name, setup} (pith plugin).`,
        { plugin: record.owner, hook: "load" },
      ),
    );
    return;
  }
  try {
    await (exported as ExtensionFactory)(createExtensionAPI(host, record));
  } catch (error) {
    runtime.report(
      new PithError("EXTENSION_FACTORY_FAILED", `${record.owner} failed while loading: ${errorMessage(error)}`, { cause: error, plugin: record.owner, hook: "factory" }),
    );
    return;
  }
  commit(runtime, record, host);
}

/**
 * The factory succeeded: its handlers go live and its registrations count. MCP servers a pre-trust instance
 * registered wait for the session that adopts it (its providers wait for every instance to load, as all do).
 */
function commit(runtime: ExtensionRuntime, record: ExtensionRecord, host: InstanceHost): void {
  record.live = true;
  runtime.records.push(record);
  runtime.hosts.set(record, host);
  for (const [name, flag] of record.flags) {
    if (!runtime.flagValues.has(name) && flag.default !== undefined) runtime.flagValues.set(name, flag.default);
  }
  for (const { event, handler } of record.handlers) runtime.addHandler(record, event, handler);
  if (runtime.options.preTrust) return;
  for (const { name, config } of record.pendingMcpServers.splice(0)) {
    try {
      registerMcpServerNow(runtime, record, name, config);
    } catch (error) {
      runtime.report(extensionError(record.owner, "registerMcpServer", error));
    }
  }
}

function isPithPlugin(value: unknown): value is PithPlugin {
  const candidate = value as Partial<PithPlugin> | undefined;
  return typeof candidate === "object" && candidate !== null && typeof candidate.name === "string" && typeof candidate.setup === "function";
}
