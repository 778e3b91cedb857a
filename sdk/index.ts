// The `pith` package entry: the SDK's API, which pith plugins dropped into extension folders import by the
// same name from this running copy (they share its classes, so a PithError they throw keeps its code).
import * as api from "./api.js";
import { serveHostModules } from "../plugins/extensions/shims/host-modules.js";

export * from "./api.js";

serveHostModules({ pith: async () => api, "pith/testing": () => import("./testing/index.js") });
