// Which theme a run starts with: `--use-theme`, else the `theme` setting. "system" (the default) and a
// "light/dark" pair follow the terminal's background as COLORFGBG reports it (dark when it says nothing): pith
// does not query the terminal's palette as pi's system theme does.
export function initialThemeName(choice: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const dark = terminalIsDark(env);
  if (choice === undefined || choice === "" || choice === "system") return dark ? "dark" : "light";
  const pair = choice.split("/");
  if (pair.length === 2) return (dark ? pair[1] : pair[0]) || "dark";
  return choice;
}

function terminalIsDark(env: NodeJS.ProcessEnv): boolean {
  const background = Number(env.COLORFGBG?.split(";").at(-1));
  return Number.isNaN(background) || env.COLORFGBG === undefined ? true : background < 8;
}
