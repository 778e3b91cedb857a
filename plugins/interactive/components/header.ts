// The short header above the chat: name and version, and the keys a newcomer needs first.
import { Text } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";

export interface HeaderHint {
  keys: string;
  label: string;
}

export function headerText(version: string, hints: readonly HeaderHint[], theme: Theme): string {
  const title = `${theme.bold(theme.fg("accent", "pith"))}${theme.fg("dim", ` v${version}`)}`;
  const keys = hints
    .filter((hint) => hint.keys !== "")
    .map((hint) => `${theme.fg("dim", hint.keys)} ${theme.fg("muted", hint.label)}`)
    .join(theme.fg("dim", " · "));
  return `${title}\n${keys}`;
}

/** drawn from `compose()` each time, so key bindings and a theme changed by /reload or hot reload show at once */
export class Header extends Text {
  constructor(private readonly compose: () => string) {
    super(compose(), 1, 0);
  }

  override render(width: number): readonly string[] {
    this.setText(this.compose());
    return super.render(width);
  }
}
