// The settings the running UI follows: read at start-up, after /reload and after each /settings change, so a
// change shows at once instead of on the next start.
import type { TUI } from "@earendil-works/pi-tui";
import type { Settings } from "../../settings/index.js";
import type { ChatController } from "../chat/chat-controller.js";
import type { PromptEditor } from "../components/prompt-editor.js";
import type { ScreenSwitch } from "../terminal/screen-switch.js";

export interface UiSettingsParts {
  tui: TUI;
  editor: PromptEditor;
  chat: ChatController;
  screens: ScreenSwitch;
}

export function applyUiSettings(settings: Settings, { tui, editor, chat, screens }: UiSettingsParts): void {
  if (chat.settings.hideThinking !== settings.hideThinkingBlock) chat.setHideThinking(settings.hideThinkingBlock);
  chat.setOutputPad(settings.outputPad);
  chat.settings.cacheNotices = settings.showCacheMissNotices;
  chat.settings.images = { show: settings.terminal.showImages, widthCells: settings.terminal.imageWidthCells };
  editor.setPaddingX(settings.editorPaddingX);
  editor.setAutocompleteMaxVisible(settings.autocompleteMaxVisible);
  tui.setShowHardwareCursor(settings.showHardwareCursor);
  tui.setClearOnShrink(settings.terminal.clearOnShrink);
  // the mode itself changes only at start-up and from its /settings row, as in pi
  screens.configure({ copyOnSelect: settings.fullscreenCopyOnSelect, wheelScrollLines: settings.fullscreenWheelScrollLines, scrollbar: settings.fullscreenScrollbar });
  tui.requestRender();
}
