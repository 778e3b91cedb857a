// Runs the commands read from the input and writes their responses. Commands run one after another, in the
// order they arrived, so each one sees what the commands before it did. A command holds that line until it is
// answered, or until it waits for the client (a dialog): a `prompt` is answered once it is accepted, so state
// queries, steering, follow-ups and aborts are handled while it streams. `abort_bash` and dialog answers run the
// moment they are read. `abort` stops what runs at once, and is answered once the commands sent before it are
// answered and stopped too, so a prompt sent just before an abort does not slip through.
import { errorMessage } from "../../../kernel/index.js";
import type { RpcCommandType, UiResponse } from "../protocol/command-schemas.js";
import { COMMANDS, type CommandSpec, type RpcPorts } from "./command-table.js";
import { parseLine, type ParsedCommand } from "../protocol/parse-line.js";
import type { PromptAcceptance } from "./prompt-acceptance.js";
import { failure, success, type RpcId, type RpcResponse } from "../protocol/responses.js";

export interface DispatcherDeps {
  respond(response: RpcResponse): void;
  ports(command: RpcCommandType, id: RpcId | undefined): RpcPorts;
  answerDialog(response: UiResponse): boolean;
  acceptance: PromptAcceptance;
  /** a diagnostic for stderr */
  report(message: string): void;
}

export class RpcDispatcher {
  private ordered: Promise<void> = Promise.resolve();
  private releaseLine: (() => void) | undefined;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: DispatcherDeps) {}

  handleLine(line: string): void {
    if (line.trim() === "") return;
    const parsed = parseLine(line);
    if (parsed.kind === "invalid") return this.deps.respond(parsed.response);
    if (parsed.kind === "ui-response") {
      if (!this.deps.answerDialog(parsed.response)) {
        this.deps.report(`no dialog is waiting for extension_ui_response id ${parsed.response.id} (answered already, timed out, or unknown)`);
      }
      return;
    }
    if (parsed.type === "abort") {
      const before = this.ordered;
      this.track(this.deps.ports("abort", parsed.id).session.abort());
      this.track(before.then(() => this.run(parsed)));
    } else if (parsed.type === "abort_bash") {
      this.track(this.run(parsed));
    } else {
      this.ordered = this.ordered.then(() => this.hold(parsed));
      this.track(this.ordered);
    }
  }

  /** Shutting down: commands still waiting their turn are answered with an error instead of run. */
  stop(): void {
    this.stopped = true;
  }

  /** The running command waits for the client (a dialog is open): let the commands after it run. */
  releaseCurrent(): void {
    this.releaseLine?.();
  }

  /** Resolves once every command read so far has been answered and every prompt it started has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private hold(parsed: ParsedCommand): Promise<void> {
    if (this.stopped) {
      this.deps.respond(failure(parsed.id, parsed.type, "pith is shutting down; the command was not run."));
      return Promise.resolve();
    }
    return new Promise<void>((release) => {
      this.releaseLine = release;
      const answered = this.run(parsed);
      this.track(answered);
      void answered.then(release);
    }).finally(() => (this.releaseLine = undefined));
  }

  private track(task: Promise<unknown>): void {
    const settled = task.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
  }

  /** Resolves once the command is answered. */
  private async run({ id, type, payload }: ParsedCommand): Promise<void> {
    // `payload` was checked against the schema of `type`, so it fits that command's spec.
    const spec = COMMANDS[type] as CommandSpec<RpcCommandType>;
    if (type === "prompt") return this.prompt(id, () => spec.run(payload, this.deps.ports(type, id)));
    try {
      const data = await spec.run(payload, this.deps.ports(type, id));
      this.deps.respond(success(id, type, data));
    } catch (error) {
      this.deps.respond(failure(id, type, errorMessage(error)));
    }
  }

  /** Answered when accepted (the run starts), queued or handled, or refused; the run goes on, tracked. */
  private prompt(id: RpcId | undefined, start: () => unknown): Promise<void> {
    return new Promise<void>((resolve) => {
      let done = false;
      const answer = (response: RpcResponse) => {
        if (done) return;
        done = true;
        withdraw();
        this.deps.respond(response);
        resolve();
      };
      const withdraw = this.deps.acceptance.expect(() => answer(success(id, "prompt", { disposition: "started" })));
      const run = Promise.resolve()
        .then(start)
        .then(
          (disposition) => answer(success(id, "prompt", { disposition })),
          (error: unknown) => {
            if (done) this.deps.report(`a prompt failed after it was accepted: ${errorMessage(error)}`);
            else answer(failure(id, "prompt", errorMessage(error)));
          },
        );
      this.track(run);
    });
  }
}
