// A run's themes: the catalog (built-in, custom files, package themes), the starting theme applied before the
// first frame, the active theme's file watched for edits, and, when the choice is "system" or a light/dark pair,
// the theme following the terminal (terminal-appearance.ts) until something else picks a theme: "system" is
// rebuilt from each report of the terminal's colours, a pair switches member with the terminal's appearance.
import type { TUI } from "@earendil-works/pi-tui";
import type { ThemeSources } from "./theme-catalog.js";
import { ThemeCatalog } from "./theme-catalog.js";
import { followsTerminal, isSystemTheme, themeFor } from "./initial-theme.js";
import { SYSTEM_THEME_NAME, systemPalette } from "./system-palette.js";
import { TerminalAppearance } from "./terminal-appearance.js";
import type { Appearance } from "./initial-theme.js";
import { watchActiveTheme } from "./theme-watch.js";
import type { InteractiveUi } from "../ui-service/ui-service.js";

export interface RunThemes {
  /** the theme files' problems (clashing names, unreadable files) */
  readonly problems: readonly string[];
  /** asks the terminal for its colours, once it is taken, when the choice follows them */
  followTerminal(): Promise<void>;
  stop(): void;
}

export function startThemes(sources: ThemeSources, choice: string | undefined, ui: InteractiveUi, tui: TUI, warn: (message: string) => void): RunThemes {
  const catalog = new ThemeCatalog(sources);
  ui.useThemes(catalog);
  let applied = ui.theme.name;
  const use = (name: string) => {
    if (name === ui.theme.name && name !== SYSTEM_THEME_NAME) return;
    const result = ui.setTheme(name);
    if (!result.success) warn(`${result.error ?? `Theme "${name}" not found`}; using ${ui.theme.name}`);
    applied = ui.theme.name;
  };
  // a theme chosen since (/settings, an extension's setTheme) is left alone
  const follow = (now: Appearance) => {
    if (isSystemTheme(choice)) catalog.setSystemPalette(systemPalette(appearance.reportedColors, now === "dark"));
    use(themeFor(choice, now));
  };
  const appearance = new TerminalAppearance(tui, (now) => (ui.theme.name === applied ? follow(now) : undefined));
  follow(appearance.current);
  const stopWatching = watchActiveTheme(catalog, ui, (problem) => warn(`${problem}; the theme keeps its previous colours`));
  let following = false;
  return {
    problems: catalog.problems,
    followTerminal() {
      if (!followsTerminal(choice)) return Promise.resolve();
      following = true;
      return appearance.follow();
    },
    stop() {
      stopWatching();
      if (following) appearance.stop();
    },
  };
}
