// pi's Theme class, code colouring, theme accessors and key hints for extensions in a process that runs pith's terminal UI: the interactive
// mode's theme as it is now (a theme change repaints what asks again), and the keys the user bound. Without the
// UI's theme (before it is provided) they fall back to the plain theme.
import { getKeybindings, type MarkdownTheme, type SelectListTheme, type SettingsListTheme } from "@earendil-works/pi-tui";
import { highlightCode as colourCode } from "../../../../lib/ui/syntax-highlight.js";
import { renderDiff as renderDiffWith } from "../../../../lib/ui/render-diff.js";
import { detectColorDepth, Theme as UiTheme, type ColorDepth } from "../../../interactive/theme/theme.js";
import { BUILTIN_PALETTES, THEME_TOKENS, type Palette } from "../../../interactive/theme/tokens.js";
import { plainTheme } from "./theme.js";

/** what pith's terminal theme offers; only what these accessors need */
export interface TerminalTheme {
  fg(token: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  markdown(): MarkdownTheme;
  selectList(): SelectListTheme;
  settingsList(): SettingsListTheme;
}

/** what the shims read of the terminal UI's "ui" service */
export interface TerminalUi {
  theme: object;
  getAllThemes?(): { name: string }[];
}

let terminalUiNow: () => TerminalUi | undefined = () => undefined;
const uiTheme = () => terminalUiNow()?.theme;

/** the terminal UI's "ui" service, looked up on each use (its theme, its themes) */
export function useTerminalUi(ui: () => TerminalUi | undefined): void {
  terminalUiNow = ui;
}

/** the names of the run's themes, in the UI's order */
export function themeNames(): string[] {
  return terminalUiNow()?.getAllThemes?.().map((theme) => theme.name) ?? Object.keys(BUILTIN_PALETTES);
}

/** the UI's theme when it is a terminal theme (the RPC mode's styles nothing and has no markdown theme) */
function currentTheme(): TerminalTheme | undefined {
  const theme = uiTheme() as Partial<TerminalTheme> | undefined;
  return typeof theme?.markdown === "function" ? (theme as TerminalTheme) : undefined;
}

let fallback: UiTheme | undefined;

/** the terminal UI's theme object, for pith's own components; the dark theme before the UI has provided one */
export function interactiveTheme(): UiTheme {
  const theme = uiTheme();
  if (theme instanceof UiTheme) return theme;
  return (fallback ??= new UiTheme("dark", BUILTIN_PALETTES.dark!, detectColorDepth()));
}

/** the UI's theme, or one that styles nothing */
export function terminalTheme(): TerminalTheme {
  return currentTheme() ?? (plainTheme as unknown as TerminalTheme);
}

export function getMarkdownTheme(): MarkdownTheme {
  return currentTheme()?.markdown() ?? (plainTheme as unknown as MarkdownTheme);
}

/** pi's `highlightCode`: `code` coloured as `lang` in the UI's syntax colours (see lib/ui/syntax-highlight.ts) */
export function highlightCode(code: string, lang?: string): string[] {
  return colourCode(code, lang, terminalTheme());
}

/** pi's `renderDiff(diffText, options?)`: the edit tool's diff in the UI's diff colours, changed words inverted */
export function renderDiff(diffText: string, _options?: { filePath?: string }): string {
  return renderDiffWith(diffText, interactiveTheme());
}

export function getSelectListTheme(): SelectListTheme {
  return currentTheme()?.selectList() ?? (plainTheme as unknown as SelectListTheme);
}

export function getSettingsListTheme(): SettingsListTheme {
  const theme = currentTheme();
  if (theme) return theme.settingsList();
  return { label: (text) => text, value: (text) => text, description: (text) => text, cursor: "→ ", hint: (text) => text };
}

/** the keys bound to an action (`tui.select.confirm`), as `ctrl+x/escape` */
export function keyText(action: string): string {
  return getKeybindings()
    .getKeys(action as Parameters<ReturnType<typeof getKeybindings>["getKeys"]>[0])
    .join("/");
}

export function keyHint(action: string, description: string): string {
  return rawKeyHint(keyText(action), description);
}

export function rawKeyHint(keys: string, description: string): string {
  const theme = terminalTheme();
  return theme.fg("dim", keys) + theme.fg("muted", ` ${description}`);
}

type ColorValues = Readonly<Record<string, string | number>>;

/**
 * pi's `Theme(fgColors, bgColors, mode, options)`: a theme of the terminal UI's own kind, so it paints (`fg`, `bg`,
 * `bold`, ...) and `ctx.ui.setTheme(theme)` takes it. A colour left out is the terminal's own. `instanceof Theme`
 * holds for the UI's themes (`ctx.ui.theme`, `ctx.ui.getTheme(name)`) too, as in pi.
 */
export class Theme extends UiTheme {
  constructor(fgColors: ColorValues, bgColors: ColorValues, mode: ColorDepth, options: { name?: string; sourcePath?: string } = {}) {
    const palette = Object.fromEntries(THEME_TOKENS.map((token) => [token, fgColors[token] ?? bgColors[token] ?? ""])) as Palette;
    super(options.name ?? "custom", palette, mode, options.sourcePath);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof UiTheme;
  }
}
