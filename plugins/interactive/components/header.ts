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

export class Header extends Text {
  constructor(text: string) {
    super(text, 1, 0);
  }
}
