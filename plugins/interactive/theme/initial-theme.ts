// Which theme a choice names for the terminal's appearance. "system" (the default) and a "light/dark" pair follow
// the terminal: "system" is rebuilt from the terminal's colours (system-palette.ts); a pair's member is chosen by the
// reported background (terminal-appearance.ts), else COLORFGBG, else dark.

/** Whether the terminal's background is dark or light. */
export type Appearance = "dark" | "light";

/** the theme `choice` (`--use-theme` or the `theme` setting) names on a terminal of `appearance` */
export function themeFor(choice: string | undefined, appearance: Appearance): string {
  if (isSystemTheme(choice)) return "system";
  if (followsTerminal(choice)) {
    const pair = choice?.split("/");
    if (pair?.length === 2) return (appearance === "dark" ? pair[1] : pair[0])!.trim() || appearance;
    return appearance;
  }
  return choice!;
}

/** whether the choice is the theme built from the terminal's colours (the default) */
export function isSystemTheme(choice: string | undefined): boolean {
  return choice === undefined || choice === "" || choice === "system";
}

/** whether the choice changes with the terminal's appearance */
export function followsTerminal(choice: string | undefined): boolean {
  return isSystemTheme(choice) || choice!.split("/").length === 2;
}

/**
 * COLORFGBG's background (`fg;bg` or rxvt's `fg;xpm;bg`), by palette index as Vim reads it: 0-6 and 8 (bright
 * black, Solarized Dark's background) are dark, 7 and 9-15 light; anything else says nothing.
 */
export function colorFgBgAppearance(env: NodeJS.ProcessEnv = process.env): Appearance | undefined {
  const background = env.COLORFGBG?.split(";").at(-1)?.trim();
  if (!background || !/^\d{1,2}$/.test(background)) return undefined;
  const index = Number(background);
  if (index > 15) return undefined;
  return index <= 6 || index === 8 ? "dark" : "light";
}
