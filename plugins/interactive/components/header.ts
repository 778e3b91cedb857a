// The header above the chat, as pi 1.6.0 draws it: name and version, the keys a newcomer needs first, and how to see
// the rest; expanded (ctrl+o, with the tool output) it lists every key to know, one per line. `quietStartup: true`
// hides it. It is composed at each frame, so keys rebound by /reload and a changed theme show at once.
import { Text, type KeybindingsManager } from "@earendil-works/pi-tui";
import { keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";

type Action = Parameters<typeof keysOf>[1];

interface Hint {
  keys: (bindings: KeybindingsManager) => string;
  label: string;
}

const bound =
  (...actions: Action[]) =>
  (bindings: KeybindingsManager) =>
    actions.map((action) => keysOf(bindings, action)).join("/");
const literal = (text: string) => () => text;

const COMPACT: readonly Hint[] = [
  { keys: bound("app.interrupt"), label: "interrupt" },
  { keys: bound("app.clear", "app.exit"), label: "clear/exit" },
  { keys: literal("/"), label: "commands" },
  { keys: literal("!"), label: "bash" },
  { keys: bound("app.tools.expand"), label: "more" },
];

const EXPANDED: readonly Hint[] = [
  { keys: bound("app.interrupt"), label: "to interrupt" },
  { keys: bound("app.clear"), label: "to clear" },
  { keys: (bindings) => `${keysOf(bindings, "app.clear")} twice`, label: "to exit" },
  { keys: bound("app.exit"), label: "to exit (empty)" },
  { keys: bound("app.suspend"), label: "to suspend" },
  { keys: bound("tui.editor.deleteToLineEnd"), label: "to delete to end" },
  { keys: bound("app.thinking.cycle"), label: "to cycle thinking level" },
  { keys: bound("app.model.cycleForward", "app.model.cycleBackward"), label: "to cycle models" },
  { keys: bound("app.model.select"), label: "to select model" },
  { keys: bound("app.tools.expand"), label: "to expand tools" },
  { keys: bound("app.thinking.toggle"), label: "to expand thinking" },
  { keys: bound("app.editor.external"), label: "for external editor" },
  { keys: literal("/"), label: "for commands" },
  { keys: literal("!"), label: "to run bash" },
  { keys: literal("!!"), label: "to run bash (no context)" },
  { keys: bound("app.message.followUp"), label: "to queue follow-up" },
  { keys: bound("app.message.dequeue"), label: "to edit all queued messages" },
  { keys: bound("app.clipboard.pasteImage"), label: "to paste images or text" },
];

export interface HeaderState {
  version: string;
  keys: KeybindingsManager;
  theme: Theme;
  /** ctrl+o's state: the header expands with the tool output */
  expanded(): boolean;
  /** the `quietStartup` setting: true hides the header, "header" keeps it but there is no listing to mention */
  quiet(): boolean | "header";
}

function hintTexts(hints: readonly Hint[], state: HeaderState): string[] {
  return hints.flatMap((hint) => {
    const keys = hint.keys(state.keys);
    // an action bound to no key is left out
    if (keys === "") return [];
    return [`${state.theme.fg("dim", keys)}${state.theme.fg("muted", ` ${hint.label}`)}`];
  });
}

export function headerText(state: HeaderState): string {
  const { theme } = state;
  const title = `${theme.bold(theme.fg("accent", "pith"))}${theme.fg("dim", ` v${state.version}`)}`;
  if (state.expanded()) return `${title}\n${hintTexts(EXPANDED, state).join("\n")}`;
  const expandKey = keysOf(state.keys, "app.tools.expand");
  const more = expandKey ? `\n${theme.fg("dim", `Press ${expandKey} to show full startup help${state.quiet() === "header" ? "" : " and loaded resources"}.`)}` : "";
  return `${title}\n${hintTexts(COMPACT, state).join(theme.fg("muted", " · "))}${more}`;
}

export class Header extends Text {
  constructor(private readonly state: HeaderState) {
    super(headerText(state), 1, 0);
  }

  override render(width: number): readonly string[] {
    if (this.state.quiet() === true) return [];
    this.setText(headerText(this.state));
    return super.render(width);
  }
}

