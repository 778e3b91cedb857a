// `pith` and `pith/testing` for pith plugins dropped into extension folders: the host's entry points serve
// themselves (sdk/index.ts, the CLI), so this plugin never imports the SDK that assembles it.
import { PithError } from "../../../kernel/index.js";

export type HostModuleName = "pith" | "pith/testing";
type ModuleImport = () => Promise<object>;

const served: Partial<Record<HostModuleName, ModuleImport>> = {};

export function serveHostModules(modules: Partial<Record<HostModuleName, ModuleImport>>): void {
  Object.assign(served, modules);
}

export function importHostModule(name: HostModuleName): Promise<object> {
  const load = served[name];
  if (!load) {
    return Promise.reject(
      new PithError("EXTENSION_IMPORT_UNKNOWN", `"${name}" is served to extensions only when pith runs them through its SDK or CLI.`),
    );
  }
  return load();
}
