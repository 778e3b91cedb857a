// The extensions' shortcuts bound to the editor in use: looked up before the application's keys, rebuilt when
// the extensions are loaded anew (start, reload, session moves), their conflicts shown once per rebuild.
import type { KeybindingsManager } from "@earendil-works/pi-tui";
import type { PluginContext } from "../../../kernel/index.js";
import type { ChatController } from "../chat/chat-controller.js";
import { resolveShortcuts, shortcutFor, type ShortcutTable } from "./extension-shortcuts.js";

export class ExtensionBindings {
  private table: ShortcutTable = { shortcuts: [], warnings: [] };

  constructor(
    private readonly keys: KeybindingsManager,
    private readonly chat: ChatController,
  ) {}

  /** reads the loaded extensions' shortcuts again; their conflicts are shown unless the caller lists them itself */
  refresh(context: PluginContext, { notify = true } = {}): readonly string[] {
    this.table = resolveShortcuts(context.tryUse("extensions")?.terminal, this.keys);
    if (notify) for (const warning of this.table.warnings) this.chat.notify("warning", warning);
    return this.table.warnings;
  }

  /** runs the shortcut `data` is; false when it is none (the editor handles the key) */
  readonly handle = (data: string): boolean => {
    const shortcut = shortcutFor(this.table, data);
    if (!shortcut) return false;
    // the handler runs on its own: keys keep flowing while it works
    shortcut.run().catch((error: unknown) => this.chat.notify("error", `Shortcut handler error: ${error instanceof Error ? error.message : String(error)}`));
    return true;
  };
}
