// The two ways the UI can use the terminal (`tuiMode`, `--tui-mode`): "regular" draws into the normal screen and
// leaves the conversation in the terminal's scrollback; "fullscreen" takes the alternate screen, keeps the editor
// and footer at the bottom and scrolls the transcript itself (keys, mouse wheel, search, selection).
import type { KeybindingsManager, ScrollViewScrollbar, Terminal, TUI, WheelScrollLines } from "@earendil-works/pi-tui";
import { openUrl } from "../../../lib/process/open-url.js";
import { copyToClipboard } from "../clipboard/copy.js";
import { keysOf } from "../keys/key-bindings.js";
import type { Theme } from "../theme/theme.js";
import { InsertingScreen } from "./inserting-screen.js";
import { ScrollingAltScreen } from "./scrolling-alt-screen.js";

export type TuiMode = "fullscreen" | "regular";

/** settings.json's `fullscreen*` keys (pi 1.6.0's) */
export interface FullscreenSettings {
  copyOnSelect: boolean;
  wheelScrollLines: WheelScrollLines;
  scrollbar: ScrollViewScrollbar;
}

export const FULLSCREEN_DEFAULTS: FullscreenSettings = { copyOnSelect: true, wheelScrollLines: "auto", scrollbar: "auto" };

export interface ScreenParts {
  terminal: Terminal;
  /** read when drawing: a theme change restyles search matches and the jump label */
  theme: () => Theme;
  keys: KeybindingsManager;
  showHardwareCursor?: boolean;
}

export function createScreen(mode: TuiMode, parts: ScreenParts, fullscreen: FullscreenSettings): TUI {
  const { terminal, theme, keys } = parts;
  if (mode === "regular") return new InsertingScreen(terminal, parts.showHardwareCursor);
  const match = (text: string) => theme().bg("searchMatchBg", theme().fg("searchMatchText", text));
  return new ScrollingAltScreen(terminal, parts.showHardwareCursor, {
    searchMatchStyle: (text) => theme().underline(match(text)),
    searchCurrentMatchStyle: (text) => theme().bold(theme().inverse(match(text))),
    searchNavigationButtonStyle: (text, hovered) => (hovered ? theme().underline(text) : text),
    scrollToEndIndicator: () => {
      const key = keysOf(keys, "tui.altScreen.bottom");
      return theme().bg("selectedBg", theme().fg("text", ` ↓ Jump to latest message${key ? ` · ${key}` : ""} `));
    },
    openUrl: (url) => openUrl(url),
    copyOnSelect: fullscreen.copyOnSelect,
    wheelScrollLines: fullscreen.wheelScrollLines,
    copySelection: async (text) => {
      try {
        await copyToClipboard(text, (sequence) => terminal.write(sequence));
        return true;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  });
}
