// The rows of /settings, as data: pi 1.6.0's labels and choices, each bound to the settings.json key it writes
// (in the agent folder's file, as pi does). Which rows change the running UI or session at once is
// ui-settings.ts's business; the others take effect the next time pith reads them.
import type { SettingPath } from "../../settings/index.js";

export interface SettingRow {
  path: SettingPath;
  label: string;
  description: string;
  /** the choices enter/space cycles through, as shown */
  values: readonly string[];
  /** "idle": pi's labelled HTTP idle timeout choices, stored as milliseconds; "lines": "auto" or a number */
  kind: "boolean" | "number" | "text" | "idle" | "lines";
}

/** pi 1.6.0's choices for `httpIdleTimeoutMs`; unset means 5 minutes */
const IDLE_CHOICES: Readonly<Record<string, number>> = { "30 sec": 30_000, "1 min": 60_000, "2 min": 120_000, "5 min": 300_000, disabled: 0 };

const BOOL = ["true", "false"] as const;
const QUEUE_MODES = ["one-at-a-time", "all"] as const;

/** shown after Auto-compact where the terminal can draw images, as pi does */
export const IMAGE_ROWS: readonly SettingRow[] = [
  { path: "terminal.showImages", label: "Show images", description: "Render images inline in terminal", values: BOOL, kind: "boolean" },
  { path: "terminal.imageWidthCells", label: "Image width", description: "Preferred inline image width in terminal cells", values: ["60", "80", "120"], kind: "number" },
];

export const SETTING_ROWS: readonly SettingRow[] = [
  { path: "compaction.enabled", label: "Auto-compact", description: "Automatically compact context when it gets too large", values: BOOL, kind: "boolean" },
  { path: "images.autoResize", label: "Auto-resize images", description: "Resize large images to 2000x2000 max for better model compatibility", values: BOOL, kind: "boolean" },
  { path: "images.blockImages", label: "Block images", description: "Prevent images from being sent to LLM providers", values: BOOL, kind: "boolean" },
  { path: "enableSkillCommands", label: "Skill commands", description: "Register skills as /skill:name commands", values: BOOL, kind: "boolean" },
  { path: "showHardwareCursor", label: "Show hardware cursor", description: "Use the terminal cursor instead of the drawn cursor", values: BOOL, kind: "boolean" },
  { path: "editorPaddingX", label: "Editor padding", description: "Horizontal padding for input editor (0-3)", values: ["0", "1", "2", "3"], kind: "number" },
  { path: "outputPad", label: "Output padding", description: "Horizontal padding for messages, tool output, and command output", values: ["0", "1"], kind: "number" },
  { path: "autocompleteMaxVisible", label: "Autocomplete max items", description: "Max visible items in autocomplete dropdown (3-20)", values: ["3", "5", "7", "10", "15", "20"], kind: "number" },
  { path: "terminal.clearOnShrink", label: "Clear on shrink", description: "Clear empty rows when content shrinks (may cause flicker)", values: BOOL, kind: "boolean" },
  { path: "terminal.showTerminalProgress", label: "Terminal progress", description: "Show OSC 9;4 progress indicators in the terminal tab bar", values: BOOL, kind: "boolean" },
  { path: "steeringMode", label: "Steering mode", description: "Enter while streaming queues steering messages. 'one-at-a-time': deliver one, wait for response. 'all': deliver all at once.", values: QUEUE_MODES, kind: "text" },
  { path: "followUpMode", label: "Follow-up mode", description: "Alt+Enter queues follow-up messages until the agent stops. 'one-at-a-time': deliver one, wait for response. 'all': deliver all at once.", values: QUEUE_MODES, kind: "text" },
  { path: "transport", label: "Transport", description: "Preferred transport for providers that support multiple transports", values: ["sse", "websocket", "websocket-cached", "auto"], kind: "text" },
  { path: "sessionShareDestination", label: "Session share destination", description: "Where to upload sessions with /share", values: ["auto", "gist", "radius"], kind: "text" },
  {
    path: "httpIdleTimeoutMs",
    label: "HTTP idle timeout",
    description: "Maximum idle gap while waiting for the provider's response headers or body chunks. Disable for local models that pause longer than five minutes.",
    values: Object.keys(IDLE_CHOICES),
    kind: "idle",
  },
  { path: "cacheWarming", label: "Cache warming", description: "off; streaming while the agent runs; idle also between runs while continuation stays profitable", values: ["off", "streaming", "idle"], kind: "text" },
  { path: "hideThinkingBlock", label: "Hide thinking", description: "Hide thinking blocks in assistant responses", values: BOOL, kind: "boolean" },
  { path: "markdown.mermaid", label: "Mermaid diagrams", description: "Render Mermaid code blocks as Unicode diagrams", values: ["off", "final", "streaming"], kind: "text" },
  { path: "showCacheMissNotices", label: "Cache miss notices", description: "Show transcript notices for cache costs and provider recovery diagnostics", values: BOOL, kind: "boolean" },
  { path: "collapseChangelog", label: "Collapse changelog", description: "Show condensed changelog after updates", values: BOOL, kind: "boolean" },
  { path: "quietStartup", label: "Quiet startup", description: "Disable verbose printing at startup (header: keep only the startup header)", values: ["true", "header", "false"], kind: "text" },
  { path: "enableInstallTelemetry", label: "Install telemetry", description: "Send an anonymous version/update ping after changelog-detected updates", values: BOOL, kind: "boolean" },
  { path: "defaultProjectTrust", label: "Default project trust", description: "Fallback when no extension or saved trust decision decides project trust", values: ["ask", "always", "never"], kind: "text" },
  { path: "doubleEscapeAction", label: "Double-escape action", description: "Action when pressing Escape twice with empty editor", values: ["tree", "fork", "none"], kind: "text" },
  { path: "treeFilterMode", label: "Tree filter mode", description: "Default filter when opening /tree", values: ["default", "no-tools", "user-only", "labeled-only", "all"], kind: "text" },
];

/** pi 1.6.0's terminal-mode rows, shown after the per-model thinking levels; the wheel row's choices include the value in use */
export function fullscreenRows(wheelLines: number | "auto"): readonly SettingRow[] {
  const lines = [...new Set([1, 2, 3, 5, 10, ...(wheelLines === "auto" ? [] : [wheelLines])])].sort((a, b) => a - b);
  return [
    { path: "tuiMode", label: "TUI mode", description: "regular draws into the terminal's own scrollback; fullscreen keeps the editor at the bottom and scrolls the chat itself", values: ["regular", "fullscreen"], kind: "text" },
    { path: "fullscreenExitOutput", label: "Fullscreen exit output", description: "What leaving fullscreen mode prints: the whole transcript, or only how to resume the session", values: ["transcript", "resume-hint"], kind: "text" },
    { path: "fullscreenScrollbar", label: "Fullscreen scrollbar", description: "The transcript's scrollbar in fullscreen mode (auto: while scrolling)", values: ["auto", "always", "hidden"], kind: "text" },
    { path: "fullscreenCopyOnSelect", label: "Fullscreen copy on select", description: "Copy text selected with the mouse at once; when off, the copy key copies the selection", values: BOOL, kind: "boolean" },
    { path: "fullscreenWheelScrollLines", label: "Fullscreen wheel scrolling", description: "Lines per mouse-wheel step in fullscreen mode; auto speeds up fast spins", values: ["auto", ...lines.map(String)], kind: "lines" },
  ];
}

/** what a row shows for the effective settings */
export function shownValue(settings: object, path: string): string {
  let value: unknown = settings;
  for (const segment of path.split(".")) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
  if (path === "httpIdleTimeoutMs") return idleLabel(value);
  return value === undefined ? "" : String(value);
}

function idleLabel(value: unknown): string {
  if (value === undefined) return "5 min";
  if (value === "disabled") return "disabled";
  const label = Object.entries(IDLE_CHOICES).find(([, ms]) => ms === value)?.[0];
  return label ?? `${Number(value) / 1000} sec`;
}

/** the JSON value a row's shown choice stands for */
export function storedValue(row: SettingRow, shown: string): string | number | boolean {
  if (row.kind === "boolean") return shown === "true";
  if (row.kind === "number") return Number(shown);
  if (row.kind === "idle") return IDLE_CHOICES[shown] ?? 0;
  if (row.kind === "lines") return shown === "auto" ? shown : Number(shown);
  if (row.path === "quietStartup" && shown !== "header") return shown === "true";
  return shown;
}
