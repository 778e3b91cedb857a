// What the editor's text does when sent: a built-in command runs, `!cmd` / `!!cmd` runs in the shell, anything
// else is a prompt (slash commands of extensions, skills and templates are the session's to expand). While the
// agent works, a prompt is queued as steering (enter) or as a follow-up (alt+enter); while a compaction runs, it
// waits for the compaction to end (an extension's command runs at once), as in pi 1.6.0.
import { PithError, type ImageContent } from "../../../kernel/index.js";
import type { CommandHost } from "../commands/command-host.js";
import { findCommand } from "../commands/table.js";
import { RunningBash } from "../components/running-bash.js";
import { CompactionQueue, type HeldMessage } from "./compaction-queue.js";
import { keysOf } from "../keys/key-bindings.js";

declare module "../../../kernel/index.js" {
  interface InputSources {
    /** typed in the interactive editor */
    interactive: true;
  }
}

/** The submitter works with the same parts a built-in command gets. */
export type SubmitterParts = CommandHost;

const QUEUED_FOR_COMPACTION = "Queued message for after compaction";

export class Submitter {
  private bashRunning = false;
  /** what was sent during a `/compact` with no run going */
  private readonly held = new CompactionQueue();

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
      if (this.parts.context.tryUse("compaction")?.isCompacting && (await this.queueForCompaction(text, options))) return;
      if (session.isStreaming) {
        await session.prompt(text, { images: options.images, source: "interactive", streamingBehavior: options.queueAs ?? "steer" });
        return;
      }
      await session.prompt(text, { images: options.images, source: "interactive" });
    } catch (error) {
      chat.notify("error", error instanceof PithError || error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * A message sent while a compaction runs: in a run (an automatic compaction) it joins the session's queue, which
   * the run delivers once the compaction is over; otherwise it is held until the compaction ends. False for an
   * extension's command, which runs at once.
   */
  private async queueForCompaction(text: string, options: { images?: ImageContent[]; queueAs?: "steer" | "followUp" }): Promise<boolean> {
    const { session, chat } = this.parts;
    const as = options.queueAs ?? "steer";
    try {
      if (session.isStreaming) await session.queuePrompt(text, { as, images: options.images, source: "interactive" });
      else if (text.startsWith("/") && this.parts.context.registry.commands.has(text.slice(1).split(" ", 1)[0]!)) return false;
      else this.holdForCompaction({ text, as, ...(options.images ? { images: options.images } : {}) });
    } catch (error) {
      if (error instanceof PithError && error.code === "COMMAND_NOT_QUEUEABLE") return false;
      throw error;
    }
    chat.notify("status", QUEUED_FOR_COMPACTION);
    return true;
  }

  private holdForCompaction(message: HeldMessage): void {
    this.held.add(message);
    this.parts.chat.showHeld(this.held.steering, this.held.followUp);
  }

  /** the held messages' texts, taken back (escape, the dequeue key) */
  takeHeld(): { steering: string[]; followUp: string[] } {
    const { steering, followUp } = this.held;
    this.held.take();
    this.parts.chat.showHeld([], []);
    return { steering, followUp };
  }

  /**
   * At a compaction's end: the first held message is sent as a prompt, the others are queued behind it, as pi 1.6.0
   * sends them. A failure puts them back and says why.
   */
  async sendHeld(): Promise<void> {
    const held = this.held.take();
    const [first, ...rest] = held;
    if (!first) return;
    const { session, chat } = this.parts;
    chat.showHeld([], []);
    try {
      const started = session.prompt(first.text, { images: first.images, source: "interactive", streamingBehavior: first.as });
      for (const message of rest) await session.queuePrompt(message.text, { as: message.as, images: message.images, source: "interactive" });
      await started;
    } catch (error) {
      session.clearQueue();
      for (const message of held) this.held.add(message);
      chat.showHeld(this.held.steering, this.held.followUp);
      chat.notify("error", `Failed to send queued message${held.length > 1 ? "s" : ""}: ${error instanceof Error ? error.message : String(error)}`);
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
