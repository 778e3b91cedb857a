// Public surface of the export plugin.
export { exportPlugin, EXPORT_PLUGIN_NAME } from "./plugin.js";
export { SessionExport, exportSessionFile, defaultHtmlName, type SessionExportService, type ExportOptions, type ExportedFile } from "./export-service.js";
export { sessionFileBranch } from "./session-file-branch.js";
export type { BranchSource, RawEntry } from "./branch-source.js";
