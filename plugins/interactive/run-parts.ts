// What the interactive mode needs once its session is being made and run, not for its first frame: the session's
// services, the chat's history, the slash commands, the key actions, the start-up listing and the exit output.
// interactive-mode.ts imports this dynamically, so the first-frame bundle leaves it to the CLI's second bundle
// (build/frame-bundle.mjs).
export { provideSessionServices } from "../session-services/provide-services.js";
export { compactedNote, historyAfterCompaction, sessionHistory } from "./chat/history.js";
export { footerData } from "./footer/footer-data.js";
export { bindKeyActions } from "./keys/key-actions.js";
export { reloadKeybindings } from "./keys/key-bindings.js";
export { Submitter } from "./input/submit.js";
export { PithCompletion } from "./input/completion.js";
export { slashCommands } from "./commands/table.js";
export { printExitOutput } from "./terminal/exit-output.js";
export { applyStartupScope } from "./scoped-models/startup-scope.js";
export { ResourceListing } from "./components/resource-listing.js";
export { resourceSections } from "./startup/resource-sections.js";
export { DiagnosticSections } from "./components/diagnostic-sections.js";
export { listedLogLines, startupDiagnostics } from "./startup/startup-diagnostics.js";
export { BUG_HINT, BugHint, crashNoticeAtStart, recordUncaughtCrash } from "./bug-report/bug-notices.js";
