// A set of extension files loaded outside any session (pi's `DefaultResourceLoader.reload`,
// `discoverAndLoadExtensions`): each file is imported afresh and its factory run in a kernel of its own, where what
// the extensions register is kept and nothing takes effect (as the project-trust pass loads them). The result is
// pi's shape: each extension's handlers, tools, commands, flags and shortcuts, and the files that failed.
import { boot, type Logger, type PithError } from "../../../kernel/index.js";
import { noUIContext } from "../context/ui-context.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import { ExtensionRuntime } from "../runtime.js";
import { serveExtensionSetLoader, INLINE_FACTORY, type ExtensionSetRequest, type LoadedInline, type LoadedExtensionSet, type PiExtension } from "../shims/extension-set-loading.js";
import { displayPath } from "./display-path.js";
import { extensionOwner } from "../instance/errors.js";
import { loadExtensions } from "./load-extensions.js";
import { preloadedFrom, type PreloadedExtensions } from "./preloaded.js";
import { createExtensionModuleLoader } from "./module-loader.js";
import type { ExtensionFactory } from "../contract/types.js";

const silentLog: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export async function loadExtensionSetApart(request: ExtensionSetRequest): Promise<LoadedExtensionSet> {
  const inline = (request.inline ?? []).map(({ name, factory }) => ({ name, factory: factory as ExtensionFactory }));
  // a problem names its extension by owner: back to the path pi reports it under
  const pathByOwner = new Map<string, string>();
  for (const file of request.files) pathByOwner.set(extensionOwner(displayPath(file.path, request.cwd)), file.path);
  for (const { name } of inline) pathByOwner.set(extensionOwner(`<inline:${name}>`), `<inline:${name}>`);
  const errors: LoadedExtensionSet["errors"] = [];
  const reported = (error: PithError) => {
    const path = error.plugin ? pathByOwner.get(error.plugin) : undefined;
    if (path !== undefined) errors.push({ path, error: error.message });
  };
  let records: ExtensionRecord[] = [];
  let instances: PreloadedExtensions | undefined;
  await boot({
    cwd: request.cwd,
    log: silentLog,
    onProblem: reported,
    plugins: [
      {
        name: "extensions",
        async setup(context) {
          const runtime = new ExtensionRuntime(context, { agentDir: request.agentDir, ui: noUIContext, hasUI: false, log: silentLog, mode: "print", preTrust: true }, () => undefined);
          await loadExtensions(runtime, request.files, createExtensionModuleLoader({ cacheDir: false, fresh: true }), { inline });
          records = [...runtime.records];
          // its instances wait for a session to adopt them, as the project-trust pass's do
          instances = preloadedFrom(runtime);
        },
      },
    ],
  });
  const factories = new Map(inline.map((entry, index) => [`<inline:${entry.name}>`, { ...request.inline![index]!, instances: instances! }]));
  return { extensions: records.map((record) => piExtension(record, factories.get(record.source.path))), errors };
}

function piExtension(record: ExtensionRecord, inline: LoadedInline | undefined): PiExtension {
  const { path } = record.source;
  const sourceInfo = record.sourceInfo as PiExtension["sourceInfo"];
  const handlers = new Map<string, ((...args: never[]) => unknown)[]>();
  for (const { event, handler } of record.handlers) handlers.set(event, [...(handlers.get(event) ?? []), handler]);
  const byName = <T extends object, R extends object>(entries: Map<string, T>, shape: (name: string, value: T) => R) => new Map([...entries].map(([name, value]) => [name, shape(name, value)]));
  const extension: PiExtension = {
    path,
    resolvedPath: path,
    sourceInfo,
    handlers,
    tools: byName(record.tools, (_name, definition) => ({ definition, sourceInfo })),
    messageRenderers: new Map(record.renderers),
    commands: byName(record.commands, (name, options) => ({ name, sourceInfo, ...options })),
    flags: byName(record.flags, (name, options) => ({ name, extensionPath: path, ...options })),
    shortcuts: byName(record.shortcuts, (shortcut, options) => ({ shortcut, extensionPath: path, ...options })),
  };
  if (inline) Object.defineProperty(extension, INLINE_FACTORY, { value: inline });
  return extension;
}

serveExtensionSetLoader(loadExtensionSetApart);
