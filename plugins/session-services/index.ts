// The services every front-end calls (user bash, model switching, session reports, the command catalog), as a
// plugin of their own for a custom distribution; RPC mode, the interactive UI and session control provide them
// too when no plugin loaded before them did.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { provideSessionServices } from "./provide-services.js";

export { provideSessionServices };
export { UserBash, type UserBashService, type BashResult, type UserBashOptions } from "./user-bash.js";
export { ModelSwitch, type ModelSwitchService, type CycledModel } from "./model-switch.js";
export { SessionInfo, type SessionInfoService, type SessionStateReport, type SessionStatsReport, type ContextUsage, type ForkPoint, type EntriesReport, type TreeReport } from "./session-info.js";
export { CommandCatalog, type CommandCatalogService, type CatalogCommand } from "./command-catalog.js";

export function sessionServicesPlugin(): PithPlugin {
  return definePlugin({ name: "session-services", setup: (context) => provideSessionServices(context) });
}
