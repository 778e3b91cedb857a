// What the editor's text does when sent: a built-in command runs, `!cmd` / `!!cmd` runs in the shell, anything
// else is a prompt (slash commands of extensions, skills and templates are the session's to expand). While the
// agent works, a prompt is queued as steering (enter) or as a follow-up (alt+enter).
import { PithError, type ImageContent } from "../../../kernel/index.js";
import type { CommandHost } from "../commands/command-host.js";
import { findCommand } from "../commands/table.js";
import { RunningBash } from "../components/running-bash.js";
import { keysOf } from "../keys/key-bindings.js";

declare module "../../../kernel/index.js" {
  interface InputSources {
    /** typed in the interactive editor */
    interactive: true;
  }
}

/** The submitter works with the same parts a built-in command gets. */
export type SubmitterParts = CommandHost;

export class Submitter {
  private bashRunning = false;

  constructor(private readonly parts: SubmitterParts) {}

  /** Enter or alt+enter in the editor. */
  submitFromEditor(text: string, queueAs: "steer" | "followUp"): void {
    const trimmed = text.trim();
    if (!trimmed) return;
    this.parts.editor.addToHistory(trimmed);
    this.parts.editor.setText("");
    void this.send(trimmed, { queueAs });
  }

  async send(text: string, options: { images?: ImageContent[]; queueAs?: "steer" | "followUp" } = {}): Promise<void> {
    const { session, chat } = this.parts;
    try {
      const command = text.startsWith("/") ? findCommand(text) : undefined;
      if (command) return await command.run(command.args, this.host());
      if (text.startsWith("!")) return await this.runBash(text);
      if (session.isStreaming) {
        await session.prompt(text, { images: options.images, source: "interactive", streamingBehavior: options.queueAs ?? "steer" });
        return;
      }
      await session.prompt(text, { images: options.images, source: "interactive" });
    } catch (error) {
      chat.notify("error", error instanceof PithError || error instanceof Error ? error.message : String(error));
    }
  }

  /** escape while a `!cmd` runs */
  abortBash(): boolean {
    if (!this.bashRunning) return false;
    this.parts.context.tryUse("userBash")?.abort();
    return true;
  }

  dispose(): void {
    this.abortBash();
  }

  private async runBash(text: string): Promise<void> {
    const excludeFromContext = text.startsWith("!!");
    const command = text.slice(excludeFromContext ? 2 : 1).trim();
    if (!command) return;
    const bash = this.parts.context.use("userBash");
    if (this.bashRunning) {
      this.parts.chat.notify("warning", "A bash command is already running. Press escape to cancel it first.");
      // the command typed is not lost: it waits in the editor until the running one ends
      this.parts.editor.setText(text);
      return;
    }
    this.bashRunning = true;
    this.parts.chat.setWorkingVisible(true);
    this.parts.ui.setWorkingMessage(`Running ${command}... (escape to cancel)`);
    const live = new RunningBash(command, excludeFromContext, this.parts.ui.theme, keysOf(this.parts.ui.keys, "app.interrupt"));
    const removeLive = this.parts.chat.addItem(live);
    try {
      await bash.execute(command, {
        excludeFromContext,
        onOutput: (delta) => {
          live.append(delta);
          this.parts.tui.requestRender();
        },
      });
    } finally {
      removeLive();
      this.bashRunning = false;
      this.parts.ui.setWorkingMessage(undefined);
    }
  }

  private host(): CommandHost {
    const { session, context, chat, editor, ui, tui, app, screens, quit } = this.parts;
    return { session, context, chat, editor, ui, tui, app, screens, quit };
  }
}
