// The session-move and tree hooks the session-control plugin fires, declared in the kernel's hook table (owner
// "session-control"): their payloads, typed here by declaration merging; `user_bash` is typed with the user's shell
// (session-services/user-bash.ts). Any plugin taps them with
// `context.on(...)`, whether it loads before or after this one.
import type { HookSignature, OwnedHooks, PluginContext, Usage } from "../../kernel/index.js";
import type { SessionEntry } from "../sessions/format/types.js";

/** A session move asks first; a handler returns `{cancel: true}` to keep the session where it is. */
export interface MoveVeto {
  cancel: true;
}

export interface SessionBeforeSwitchEvent {
  reason: "new" | "resume";
  targetSessionFile?: string;
}

export interface SessionBeforeForkEvent {
  entryId: string;
  position: "before" | "at";
}

/** What a tree move is about to do (`session_before_tree`'s `preparation`). */
export interface TreePreparation {
  targetId: string;
  oldLeafId: string | null;
  userWantsSummary: boolean;
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export interface BeforeTreeEvent {
  preparation: TreePreparation;
  signal: AbortSignal;
}

/** The first handler that answers decides: cancel, bring the summary, or change the instructions or label. */
export interface TreeDecision {
  cancel?: boolean;
  /** an extension's own summary, with what it cost */
  summary?: { summary: string; details?: unknown; usage?: Usage };
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export interface TreeMovedEvent {
  newLeafId: string | null;
  oldLeafId: string | null;
  /** the branch summary written for the branch left behind */
  summaryEntry?: SessionEntry;
  /** the summary came from a `session_before_tree` handler */
  fromExtension: boolean;
}

declare module "../../kernel/index.js" {
  interface HookSignatures {
    /** series bail · before a new session or a resume · any handler may cancel */
    session_before_switch: HookSignature<SessionBeforeSwitchEvent, MoveVeto | undefined>;
    /** series bail · before a fork or clone · any handler may cancel */
    session_before_fork: HookSignature<SessionBeforeForkEvent, MoveVeto | undefined>;
    /** series bail · before the leaf moves · the first answer decides */
    session_before_tree: HookSignature<BeforeTreeEvent, TreeDecision | undefined>;
    /** series · the leaf moved (and a summary was written, if asked for) */
    session_tree: HookSignature<TreeMovedEvent>;
  }
}

export type SessionControlHooks = OwnedHooks<"session-control">;

/** Asks every `session_before_*` handler; true when one cancelled. */
export async function vetoed(veto: Promise<MoveVeto | undefined>): Promise<boolean> {
  return (await veto)?.cancel === true;
}

export function sessionControlHooks(context: Pick<PluginContext, "hooksOf">): SessionControlHooks {
  return context.hooksOf("session-control");
}
