// The `pith` package entry: the SDK's API, which pith plugins dropped into extension folders import by the
// same name from this running copy (they share its classes, so a PithError they throw keeps its code).
import * as api from "./api.js";
import { serveHostModules } from "../plugins/extensions/shims/host-modules.js";
import { serveHostModes } from "../plugins/extensions/shims/host-modes.js";

export * from "./api.js";

serveHostModules({ pith: async () => api, "pith/testing": () => import("./testing/index.js") });
// pi's runPrintMode, runRpcMode, InteractiveMode and main in extensions: pith's own modes and CLI
serveHostModes({ modes: async () => (await import("./modes/served-modes.js")).servedModes, main: async (args) => (await import("./cli/main.js")).main(args) });
