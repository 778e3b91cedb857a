// The /tree navigator's key lines, as pi 1.6.0 writes them: one item per group of actions (the first key of each,
// sharing their modifiers: `ctrl+←/→`), `key label` or `label key`, joined by " · " and wrapped at the width,
// each line indented two columns, muted.
import { visibleWidth, wrapTextWithAnsi, type KeybindingsManager } from "@earendil-works/pi-tui";
import type { AppAction } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";

type Action = AppAction | "tui.select.up" | "tui.select.down" | "tui.editor.cursorLeft" | "tui.editor.cursorRight";

interface HelpItem {
  actions: Action[];
  label: string;
  labelFirst?: boolean;
}

const HELP_ITEMS: readonly HelpItem[] = [
  { actions: ["tui.select.up", "tui.select.down"], label: "move" },
  { actions: ["tui.editor.cursorLeft", "tui.editor.cursorRight"], label: "page" },
  { actions: ["app.tree.foldOrUp", "app.tree.unfoldOrDown"], label: "branch" },
  { actions: ["app.message.copy"], label: "copy" },
  { actions: ["app.tree.editLabel"], label: "label" },
  { actions: ["app.tree.toggleLabelTimestamp"], label: "label time" },
  {
    actions: ["app.tree.filter.default", "app.tree.filter.noTools", "app.tree.filter.userOnly", "app.tree.filter.labeledOnly", "app.tree.filter.all"],
    label: "filters",
    labelFirst: true,
  },
  { actions: ["app.tree.filter.cycleForward", "app.tree.filter.cycleBackward"], label: "cycle", labelFirst: true },
];

const INDENT = "  ";
const ARROWS: readonly [RegExp, string][] = [
  [/\bpageUp\b/g, "pgup"],
  [/\bpageDown\b/g, "pgdn"],
  [/\bup\b/g, "↑"],
  [/\bdown\b/g, "↓"],
  [/\bleft\b/g, "←"],
  [/\bright\b/g, "→"],
];

/** `ctrl+left`, `ctrl+right` → `ctrl+left/right`: keys with the same modifiers written once */
function sharedModifiers(keys: readonly string[]): string {
  const split = keys.map((key) => {
    const at = key.lastIndexOf("+");
    return { modifiers: key.slice(0, at + 1), key: key.slice(at + 1) };
  });
  const modifiers = split[0]?.modifiers ?? "";
  return keys.length > 1 && modifiers && split.every((part) => part.modifiers === modifiers) ? `${modifiers}${split.map((part) => part.key).join("/")}` : keys.join("/");
}

function itemText(item: HelpItem, keys: KeybindingsManager): string {
  const firstKeys = item.actions.flatMap((action) => keys.getKeys(action).slice(0, 1));
  if (firstKeys.length === 0) return item.label;
  const written = ARROWS.reduce((text, [word, arrow]) => text.replace(word, arrow), sharedModifiers(firstKeys));
  return item.labelFirst ? `${item.label} ${written}` : `${written} ${item.label}`;
}

export function treeHelpLines(keys: KeybindingsManager, width: number, theme: Theme): string[] {
  const lines: string[] = [];
  let line = "";
  const opening = (item: string) => (visibleWidth(INDENT + item) <= width ? INDENT + item : item);
  for (const item of HELP_ITEMS.map((help) => itemText(help, keys))) {
    const longer = line ? `${line} · ${item}` : opening(item);
    if (!line || visibleWidth(longer) <= width) {
      line = longer;
      continue;
    }
    lines.push(...wrapTextWithAnsi(line.trimEnd(), width));
    line = opening(item);
  }
  if (line) lines.push(...wrapTextWithAnsi(line.trimEnd(), width));
  return lines.map((text) => theme.fg("muted", text));
}
