// The sessions plugin: stores every finished message and every model or thinking-level change of the
// session in a swappable store, and offers the "sessions" service.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import "../../lib/output/session-header.js";
import { JsonlSessionStore } from "./storage/jsonl-store.js";
import { MemorySessionStore } from "./storage/memory-store.js";
import { continueRecent } from "./listing/session-lookup.js";
import { SessionManager, type SessionManagerOptions } from "./session-manager.js";
import { SessionsService } from "./sessions-service.js";
import type { SessionStore } from "./storage/store.js";
import type { SessionEntry } from "./format/types.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    sessions: SessionsService;
  }
}

declare module "../../kernel/index.js" {
  interface SessionEventMap {
    /** an entry joined the session outside the message flow: an extension's, a context edit (pi 1.6.0) */
    entry_appended: { type: "entry_appended"; entry: SessionEntry };
  }
}

export const SESSIONS_PLUGIN_NAME = "sessions";

export type SessionStart =
  /** a new session; `id` chooses its id (`--session-id`) */
  | { kind: "new"; id?: string }
  /** the most recently changed session of the cwd, else a new one (`--continue`) */
  | { kind: "continue" }
  /** a stored session (`--session`, `--resume`) */
  | { kind: "open"; location: string; cwdOverride?: string }
  /** a copy of a session of any project (`--fork`) */
  | { kind: "fork"; location: string; id?: string };

export interface SessionsPluginOptions {
  /** default: a MemorySessionStore with `noSession`, else a JsonlSessionStore over agentDir/sessionDir */
  store?: SessionStore;
  agentDir?: string;
  /** see resolveSessionDir for the precedence of --session-dir, the environment and settings */
  sessionDir?: string;
  /** `--no-session`: keep everything in memory */
  noSession?: boolean;
  /** default: a new session */
  start?: SessionStart;
}

export function sessionsPlugin(options: SessionsPluginOptions = {}): PithPlugin {
  return definePlugin({
    name: SESSIONS_PLUGIN_NAME,
    async setup(context) {
      const store =
        options.store ??
        (options.noSession ? new MemorySessionStore() : new JsonlSessionStore({ agentDir: options.agentDir, sessionDir: options.sessionDir }));
      const managerOptions: SessionManagerOptions = { onWarning: (problem) => context.log.warn(problem.message) };
      const start = options.start ?? { kind: "new" };
      let manager: SessionManager;
      if (start.kind === "continue") manager = await continueRecent(store, context.cwd, managerOptions);
      else if (start.kind === "open") manager = SessionManager.open(store, start.location, { ...managerOptions, cwdOverride: start.cwdOverride });
      else if (start.kind === "fork") manager = SessionManager.forkFrom(store, start.location, context.cwd, { ...managerOptions, id: start.id });
      else manager = SessionManager.create(store, context.cwd, { ...managerOptions, id: start.id });

      const service = new SessionsService(store, manager, context.session, managerOptions);
      context.provide("sessions", service);
      // `--mode json` opens with the real header of the session file, as pi's does.
      context.provide("sessionHeader", { header: () => ({ ...service.manager.getHeader() }) });

      context.on("event", (event) => {
        if (event.type === "message_end") service.record(event.message);
      });
      // As pi 1.6.0, a stored session opened again records no starting model (`--model`'s, or another when its own
      // is gone: its next resume takes the model from the last reply), and its starting thinking level only when
      // that differs from the level the session recorded.
      let reopening = manager.getEntries().length > 0;
      context.on("session_start", () => {
        reopening = false;
      });
      context.on("model_select", (event) => {
        // a restored model comes from the session itself
        if (event.source !== "restore" && !reopening) service.manager.appendModelChange(event.model.provider, event.model.id);
      });
      context.on("thinking_level_select", (event) => {
        const recorded = service.manager.getBranchSettings();
        if (reopening && recorded.thinkingLevelRecorded && recorded.thinkingLevel === event.level) return;
        service.manager.appendThinkingLevelChange(event.level);
      });
      // A reload or a move keeps the service (a move installs the next conversation's file itself).
      context.on("session_shutdown", (event) => {
        if (event.reason === "quit") service.close();
      });
    },
  });
}
