// The effective settings of a run without settings files: what settingsSchema().parse({}) gives, written out so
// that such a run never builds the schema (test/settings/settings-load.test.ts checks the two agree).
import type { Settings } from "./schema.js";
import { deepFreeze } from "./json-object.js";

export const DEFAULT_SETTINGS: Settings = deepFreeze({
  hideThinkingBlock: false,
  theme: "dark",
  quietStartup: false,
  collapseChangelog: false,
  enableInstallTelemetry: true,
  doubleEscapeAction: "tree",
  treeFilterMode: "default",
  editorPaddingX: 0,
  autocompleteMaxVisible: 5,
  showHardwareCursor: false,
  compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 },
  branchSummary: { reserveTokens: 16384, skipPrompt: false },
  retry: { enabled: true, maxRetries: 3, baseDelayMs: 2000, provider: { maxRetryDelayMs: 60000 } },
  steeringMode: "one-at-a-time",
  followUpMode: "one-at-a-time",
  transport: "auto",
  terminal: { showImages: true, imageWidthCells: 60, clearOnShrink: false, showTerminalProgress: false },
  images: { autoResize: true, blockImages: false },
  markdown: { codeBlockIndent: "  " },
  warnings: { anthropicExtraUsage: true },
  packages: [],
  extensions: [],
  skills: [],
  prompts: [],
  themes: [],
  enableSkillCommands: true,
  trustedProjects: [],
});
