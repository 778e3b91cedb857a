// The module names pith serves to extensions from its own copies (jiti virtual modules), each imported the first
// time an extension file really imports it: an extension that imports only types, or nothing, pays for none of
// them, and one that imports `typebox` does not pay for `typebox/compile`. Each lives in a chunk of its own in the
// CLI bundle. The set is pi 1.6.0's: pi-ai's root and `/compat` are one module (pi's "extension view"),
// `@sinclair/typebox` is an alias of TypeBox 1.x (`typebox`), and pi-tui is the real library, the one pith's
// interactive UI uses, loaded the first time an extension imports it.
import { fileURLToPath } from "node:url";
import { PithError } from "../../../kernel/index.js";
import { importHostModule } from "./host-modules.js";

type ModuleImport = () => Promise<object>;

/** set in a process that runs pith's terminal UI: pi's UI components there are real ones, loaded with pi's module */
let terminalComponents: (() => Promise<object>) | undefined;

const codingAgent: ModuleImport = async () => {
  const [module, components] = await Promise.all([import("./coding-agent/pi-coding-agent.js"), terminalComponents?.()]);
  return components ? { ...module, ...components } : module;
};

const piAiView: ModuleImport = () => import("./pi-ai/pi-ai.js");
const PI_MODULES: Readonly<Record<string, ModuleImport>> = {
  "pi-coding-agent": codingAgent,
  "pi-ai": piAiView,
  "pi-ai/compat": piAiView,
  "pi-ai/models": () => import("./pi-ai/pi-ai-models.js"),
  "pi-ai/oauth": () => import("./pi-ai/pi-ai-oauth.js"),
  "pi-ai/providers/all": () => import("./pi-ai/pi-ai-providers.js"),
  "pi-agent-core": () => import("./pi-agent-core.js"),
  // the copy pith's interactive UI runs on (a bundle of its own in the CLI), so components are the same classes
  "pi-tui": () => import("@earendil-works/pi-tui"),
};

// pi's set: TypeBox's other entry points share most of their code with these, and serving them would make the
// bundled `typebox` chunk more than twice its size
const TYPEBOX_MODULES: Readonly<Record<string, ModuleImport>> = {
  "": () => import("typebox"),
  "/compile": () => import("typebox/compile"),
  "/value": () => import("typebox/value"),
};

// pith plugins dropped into extension folders import pith's own API; served from the running copy, they need no
// installed `pith` package near them and share its classes (a PithError they throw keeps its code)
const PITH_MODULES: Readonly<Record<string, ModuleImport>> = {
  pith: () => importHostModule("pith"),
  "pith/kernel": () => import("../../../kernel/index.js"),
  "pith/testing": () => importHostModule("pith/testing"),
};

/** Every name served, with how to import pith's copy: `@mariozechner/pi-ai`, `typebox/value`, `pith/kernel`, ... */
const SERVED = new Map<string, ModuleImport>(Object.entries(PITH_MODULES));
for (const scope of ["@mariozechner", "@earendil-works"]) {
  for (const [name, load] of Object.entries(PI_MODULES)) SERVED.set(`${scope}/${name}`, load);
}
for (const [subpath, load] of Object.entries(TYPEBOX_MODULES)) {
  SERVED.set(`typebox${subpath}`, load);
  SERVED.set(`@sinclair/typebox${subpath}`, load);
}

/** The packages those names belong to: an import of any other subpath of one of them is an error, not a disk lookup. */
const SERVED_PACKAGES = [...new Set([...SERVED.keys()].map((name) => /^(@[^/]+\/)?[^/]+/.exec(name)![0]))];
const packageOf = (specifier: string) => SERVED_PACKAGES.find((name) => specifier === name || specifier.startsWith(`${name}/`));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** A quoted name of a served package, or a subpath of one. */
const SERVED_NAME = new RegExp(`["'](?:${SERVED_PACKAGES.map(escape).join("|")})["'/]`);
/** `import("name")` and `require("name")`: imports that may run after load, when a missing module cannot be fetched first. */
const LATE_IMPORT = /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g;

const loaded: Record<string, object> = {};
const loading = new Map<string, Promise<void>>();

/** Thrown when a file imports a served module that is not loaded yet; the module loader loads it and tries again. */
export class ServedModuleNotLoaded extends PithError {
  constructor(
    readonly specifier: string,
    importer: string | undefined,
  ) {
    super(
      "EXTENSION_IMPORT_NOT_LOADED",
      `${importer ?? "An extension"} imported "${specifier}" after it loaded, and pith had not loaded that module: pith loads the modules it serves when an extension's own file imports them. Import "${specifier}" at the top of ${importer ?? "the file"}, or with import("${specifier}") in the extension's main file.`,
    );
  }
}

/**
 * What jiti is given as `virtualModules`. jiti asks `name in virtualModules` for every import: a served name that
 * is loaded is answered from `loaded`; one that is not yet loaded throws {@link ServedModuleNotLoaded}; any other
 * subpath of a served package throws an error naming the file and the name.
 */
export const virtualModules: Record<string, object> = new Proxy(loaded, {
  has(target, name) {
    if (typeof name !== "string") return false;
    if (name in target) return true;
    if (SERVED.has(name)) throw new ServedModuleNotLoaded(name, importingFile());
    const pkg = packageOf(name);
    if (pkg === undefined) return false;
    const offered = [...SERVED.keys()].filter((served) => packageOf(served) === pkg);
    throw new PithError(
      "EXTENSION_IMPORT_UNKNOWN",
      `${importingFile() ?? "An extension file"} imports "${name}", which pith does not provide to extensions. Of ${pkg}, pith serves ${offered.join(", ")}.`,
    );
  },
});

/** Every module name served to extensions. */
export function servedNames(): string[] {
  return [...SERVED.keys()];
}

/** Whether `source` names a served package at all (else plain JavaScript can be imported by Node directly). */
export function namesServedPackage(source: string): boolean {
  return SERVED_NAME.test(source);
}

/** The served names `source` imports with `import(...)` or `require(...)`, which must be loaded before it runs. */
export function lateImports(source: string): string[] {
  return [...source.matchAll(LATE_IMPORT)].map((match) => match[1]!).filter((name) => SERVED.has(name));
}

export function isLoaded(specifier: string): boolean {
  return specifier in loaded;
}

/**
 * From now on, extensions of this process get pi's UI components (`CustomEditor`, `DynamicBorder`, `BorderedLoader`,
 * the dialogs, the message components, the selectors, the theme accessors) as real pi-tui components painted with
 * the theme of `ui` (the terminal UI's "ui" service, looked up on each use): a terminal UI runs that draws them.
 * They load with the first extension that imports pi's module, not before: a run without such extensions never
 * pays for them. An extension that had imported pi's module already gets them now; a file already evaluated keeps
 * what it imported.
 */
export async function serveTerminalComponents(ui: () => { theme: object } | undefined): Promise<void> {
  let components: Promise<object> | undefined;
  terminalComponents = () =>
    (components ??= Promise.all([import("./ui/terminal-components.js"), import("./ui/terminal-theme.js")]).then(([served, themes]) => {
      themes.useTerminalUi(ui);
      return served;
    }));
  const servedBefore = [...SERVED].filter(([name, load]) => load === codingAgent && name in loaded).map(([name]) => name);
  if (servedBefore.length === 0) return;
  const served = await terminalComponents();
  for (const name of servedBefore) loaded[name] = { ...loaded[name], ...served };
}

/** Imports pith's copies of the served `specifiers` that are not loaded yet. */
export async function loadServed(specifiers: Iterable<string>): Promise<void> {
  await Promise.all([...specifiers].map(loadOne));
}

function loadOne(specifier: string): Promise<void> {
  const load = SERVED.get(specifier);
  if (!load || specifier in loaded) return Promise.resolve();
  let pending = loading.get(specifier);
  if (!pending) {
    // every name of the module at once (`@earendil-works/pi-ai` is `@mariozechner/pi-ai`, `@sinclair/typebox` is `typebox`)
    const names = [...SERVED].filter(([, other]) => other === load).map(([name]) => name);
    pending = load().then((module) => {
      for (const name of names) loaded[name] = module;
    });
    for (const name of names) loading.set(name, pending);
    pending.catch(() => names.forEach((name) => loading.delete(name)));
  }
  return pending;
}

const OWN_FILE = fileURLToPath(import.meta.url);

/**
 * The file whose import jiti is resolving: the first stack frame outside jiti and this file (jiti evaluates each
 * file under its own path, and calls `has` synchronously from the importing file's code).
 */
function importingFile(): string | undefined {
  const original = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, sites) => sites;
    const sites = new Error().stack as unknown as NodeJS.CallSite[];
    return sites
      .map((site) => site.getFileName())
      .find((file): file is string => !!file && file !== OWN_FILE && !file.startsWith("node:") && !/[\\/]jiti[\\/]/.test(file));
  } finally {
    Error.prepareStackTrace = original;
  }
}
