// OSC 7501 program status, as pi 1.6.0 reports it: terminals and agent dashboards see whether pith is working (a run
// or a compaction), blocked on one of the user's dialogs, done, failed, or idle. pi-tui's terminal sends a report
// only to a terminal that answered the protocol's query (or with PI_PROGRAM_STATUS=1; =0 turns reports off).
// Reports carry the session name, a dialog's title or an error's first line: never prompts or model output.
import type { Terminal } from "@earendil-works/pi-tui";
import type { SessionEvent } from "../../../kernel/index.js";

type State = "idle" | "working" | "done" | "error";
interface Status {
  state: State | "blocked";
  kind?: BlockedKind;
  message?: string;
}
export type BlockedKind = "permission" | "question" | "auth";
export interface Blocked {
  kind: BlockedKind;
  message: string;
}

/** the fields of the events it follows that it reads (compaction events are the compaction plugin's) */
type Followed = SessionEvent | { type: "compaction_start" } | { type: "compaction_end"; reason?: string; aborted?: boolean; errorMessage?: string };

const firstLine = (text: string | undefined) => text?.split(/\r?\n/, 1)[0]?.trim() || "Error";

export class ProgramStatus {
  private running = false;
  private compacting = false;
  /** how the run in progress ends so far */
  private outcome: Status = { state: "done" };
  /** what is reported between runs */
  private resting: Status = { state: "idle" };
  /** open dialogs, the latest last */
  private readonly blocked = new Map<object, Blocked>();
  private last: string | undefined;

  constructor(
    private readonly terminal: Terminal,
    private readonly sessionName: () => string | undefined,
  ) {}

  handle(event: Followed): void {
    switch (event.type) {
      case "agent_start":
        this.running = true;
        this.outcome = { state: "done" };
        break;
      case "message_end": {
        const message = event.message as { role: string; stopReason?: string; errorMessage?: string };
        if (message.role !== "assistant") return;
        this.outcome = message.stopReason === "error" ? { state: "error", message: firstLine(message.errorMessage) } : { state: "done" };
        break;
      }
      case "compaction_start":
        this.compacting = true;
        break;
      case "compaction_end":
        this.compacting = false;
        this.afterCompaction(event);
        break;
      case "agent_settled":
        this.running = false;
        this.resting = event.aborted ? { state: "idle" } : this.outcome;
        break;
      case "session_info_changed":
        break;
      default:
        return;
    }
    this.report();
  }

  /** `source` (a dialog) waits for the user until called again with undefined */
  block(source: object, blocked: Blocked | undefined): void {
    this.blocked.delete(source);
    if (blocked) this.blocked.set(source, blocked);
    this.report();
  }

  /** a new or resumed session starts idle */
  reset(): void {
    this.running = false;
    this.compacting = false;
    this.outcome = { state: "done" };
    this.resting = { state: "idle" };
    this.report();
  }

  report(): void {
    const status = { ...this.current(), app: "pith" };
    const key = JSON.stringify(status);
    if (key === this.last) return;
    this.last = key;
    this.terminal.setProgramStatus(status);
  }

  private afterCompaction(event: { reason?: string; aborted?: boolean; errorMessage?: string }): void {
    if (this.running) {
      if (event.aborted) this.outcome = { state: "idle" };
      else if (event.errorMessage) this.outcome = { state: "error", message: firstLine(event.errorMessage) };
    } else if (event.aborted) this.resting = { state: "idle" };
    else if (event.reason === "manual") this.resting = event.errorMessage ? { state: "error", message: firstLine(event.errorMessage) } : { state: "done" };
  }

  private current(): Status {
    const dialog = [...this.blocked.values()].at(-1);
    if (dialog) return { state: "blocked", ...dialog };
    if (this.compacting) return { state: "working", message: "Compacting context" };
    const status = this.running ? { state: "working" as const } : this.resting;
    const name = this.sessionName();
    return (status.state === "working" || status.state === "done") && name ? { ...status, message: name } : status;
  }
}
