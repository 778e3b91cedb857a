// A run's themes: the catalog (built-in, custom files, package themes), the starting theme applied before the
// first frame, the active theme's file watched for edits, and, when the choice is "system" or a light/dark pair,
// the theme following the terminal (terminal-appearance.ts) until something else picks a theme: "system" is
// rebuilt from each report of the terminal's colours, a pair switches member with the terminal's appearance.
// "system" picked later (/settings, an extension's setTheme) after a start with a named theme asks the terminal
// then, as at start-up, instead of showing the colours of a terminal that reported nothing.
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
  /** `/reload`: the theme files read again and the choice applied anew */
  reload(sources: ThemeSources, choice: string | undefined): void;
  stop(): void;
}

export function startThemes(sources: ThemeSources, startChoice: string | undefined, ui: InteractiveUi, tui: TUI, warn: (message: string) => void): RunThemes {
  const catalog = new ThemeCatalog(sources);
  ui.useThemes(catalog);
  let choice = startChoice;
  let applied = ui.theme.name;
  /** the theme is being applied here, not picked by the user or an extension */
  let applying = false;
  const use = (name: string, again = false) => {
    if (!again && name === ui.theme.name && name !== SYSTEM_THEME_NAME) return;
    applying = true;
    const result = ui.setTheme(name);
    applying = false;
    if (!result.success) warn(`${result.error ?? `Theme "${name}" not found`}; using ${ui.theme.name}`);
    applied = ui.theme.name;
  };
  // a theme chosen since (/settings, an extension's setTheme) is left alone
  const follow = (now: Appearance, again = false) => {
    if (isSystemTheme(choice)) catalog.setSystemPalette(systemPalette(appearance.reportedColors, now === "dark"));
    use(themeFor(choice, now), again);
  };
  const appearance = new TerminalAppearance(tui, (now) => (ui.theme.name === applied ? follow(now) : undefined));
  follow(appearance.current);
  const stopWatching = watchActiveTheme(catalog, ui, (problem) => warn(`${problem}; the theme keeps its previous colours`));
  let following = false;
  let terminalTaken = false;
  const startFollowing = () => {
    if (following || !terminalTaken) return Promise.resolve();
    following = true;
    return appearance.follow();
  };
  ui.whenThemeApplied((name) => {
    if (applying || name !== SYSTEM_THEME_NAME) return;
    choice = SYSTEM_THEME_NAME;
    applied = name;
    // what the terminal reported so far, then every answer to come
    follow(appearance.current);
    void startFollowing();
  });
  return {
    problems: catalog.problems,
    followTerminal() {
      terminalTaken = true;
      return followsTerminal(choice) ? startFollowing() : Promise.resolve();
    },
    reload(reloaded, reloadedChoice) {
      catalog.reload(reloaded);
      choice = reloadedChoice;
      // a file edited since is drawn with its new colours, even when its name stays
      follow(appearance.current, true);
      if (followsTerminal(choice)) void startFollowing();
    },
    stop() {
      stopWatching();
      if (following) appearance.stop();
    },
  };
}
