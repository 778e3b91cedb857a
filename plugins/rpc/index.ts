// Public surface of RPC mode: the mode itself, its protocol pieces, and the services it offers other plugins.
export { rpcMode, RPC_PLUGIN_NAME, type RpcMode, type RpcModeOptions, type RpcHostSession } from "./rpc-mode.js";
export { readJsonlLines, type JsonlReaderHandlers } from "./protocol/jsonl-reader.js";
export { RecordWriter, type RecordSink } from "../../lib/output/record-writer.js";
export { COMMAND_SCHEMAS, UI_RESPONSE_SCHEMA, type RpcCommandType, type RpcPayload, type UiResponse } from "./protocol/command-schemas.js";
export { COMMANDS, type CommandSpec, type CommandTarget, type RpcPorts } from "./commands/command-table.js";
export { success, failure, PARSE_COMMAND, type RpcResponse, type RpcSuccess, type RpcFailure, type RpcId } from "./protocol/responses.js";
export { SIGNAL_EXIT_CODES } from "./process/exit-signals.js";
export { RpcUi } from "./ui/rpc-ui.js";
export type { UiService, UiDialogOptions, UiTheme, NotifyType, WidgetPlacement, UiComponentFactory } from "../../lib/ui/ui-types.js";
// the services RPC commands call live in plugins/session-services (shared with the interactive UI)
export {
  UserBash, type UserBashService, type BashResult, type UserBashOptions,
  ModelSwitch, type ModelSwitchService, type CycledModel,
  SessionInfo, type SessionInfoService, type SessionStateReport, type SessionStatsReport, type ContextUsage, type ForkPoint, type EntriesReport, type TreeReport,
  CommandCatalog, type CommandCatalogService, type CatalogCommand,
} from "../session-services/index.js";
