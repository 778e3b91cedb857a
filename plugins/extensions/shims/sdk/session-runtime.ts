// pi 1.6.0's `AgentSessionRuntime` (dist/core/agent-session-runtime.d.ts): the current session and its services,
// made by the caller's factory, and the moves that replace it. pith's session moves within itself (its
// session-control plugin: extensions hear session_before_switch/fork and session_shutdown, then session_start),
// so a move keeps the factory's tools and options, and hands the conversation to a new session object; the old
// one's subscriptions end, and the runtime's rebind callback gets the new one, as in pi.
import { PithError, type AgentSession as KernelSession, type PithServices } from "../../../../kernel/index.js";
import { requireService } from "../../../session-control/require-service.js";
import { innerSession, successorOf, type AgentSession } from "./agent-session.js";
import type { AgentSessionServices, CreateAgentSessionResult } from "./create-agent-session.js";
import type { PiSessionManagerShape } from "./pi-session-options.js";

type Diagnostic = AgentSessionServices["diagnostics"][number];

export interface CreateAgentSessionRuntimeResult extends CreateAgentSessionResult {
  services: AgentSessionServices;
  diagnostics: Diagnostic[];
}

export interface RuntimeTarget {
  cwd: string;
  agentDir: string;
  sessionManager: PiSessionManagerShape;
  sessionStartEvent?: object;
}

export type CreateAgentSessionRuntimeFactory = (options: RuntimeTarget) => Promise<CreateAgentSessionRuntimeResult>;

export async function createAgentSessionRuntime(createRuntime: CreateAgentSessionRuntimeFactory, options: RuntimeTarget): Promise<AgentSessionRuntime> {
  if (typeof createRuntime !== "function") throw new PithError("EXTENSION_SDK_OPTION_INVALID", "createAgentSessionRuntime needs a factory: (target) => createAgentSessionFromServices(...) with services and diagnostics.");
  const made = await createRuntime(options);
  return new AgentSessionRuntime(made.session, made.services, createRuntime, made.diagnostics, made.modelFallbackMessage);
}

export class AgentSessionRuntime {
  private rebind: ((session: AgentSession) => Promise<void>) | undefined;
  private beforeInvalidate: (() => void) | undefined;
  private readonly reported = new Set<string>();

  constructor(
    private current: AgentSession,
    private readonly currentServices: AgentSessionServices,
    // kept as pi keeps it; pith's moves happen inside the session the factory made
    readonly createRuntime: CreateAgentSessionRuntimeFactory,
    private readonly currentDiagnostics: Diagnostic[] = [],
    readonly modelFallbackMessage?: string,
  ) {}

  get session(): AgentSession {
    return this.current;
  }
  get services(): AgentSessionServices {
    return this.currentServices;
  }
  get cwd(): string {
    return this.kernel().cwd;
  }
  get diagnostics(): readonly Diagnostic[] {
    return this.currentDiagnostics;
  }

  /** the diagnostics not returned before (the same type and message count once) */
  takeUnreportedDiagnostics(): Diagnostic[] {
    const fresh = this.currentDiagnostics.filter((diagnostic) => !this.reported.has(`${diagnostic.type}\0${diagnostic.message}`));
    for (const diagnostic of fresh) this.reported.add(`${diagnostic.type}\0${diagnostic.message}`);
    return fresh;
  }

  setRebindSession(rebindSession?: (session: AgentSession) => Promise<void>): void {
    this.rebind = rebindSession;
  }

  /** runs once a move is done (the old session's extensions heard session_shutdown), before the old session object is retired */
  setBeforeSessionInvalidate(beforeSessionInvalidate?: () => void): void {
    this.beforeInvalidate = beforeSessionInvalidate;
  }

  newSession(options: { parentSession?: string; setup?: (sessionManager: PithServices["sessions"]["manager"]) => Promise<void> } = {}): Promise<{ cancelled: boolean }> {
    return this.move((control) => control.newSession({ ...(options.parentSession ? { parentSession: options.parentSession } : {}), ...(options.setup ? { setup: options.setup } : {}) }));
  }

  switchSession(sessionPath: string): Promise<{ cancelled: boolean }> {
    return this.move((control) => control.switchSession(sessionPath));
  }

  fork(entryId: string, options: { position?: "before" | "at" } = {}): Promise<{ cancelled: boolean; selectedText?: string }> {
    return this.move(async (control) => {
      const result = await control.fork(entryId, options.position ?? "before");
      return { cancelled: result.cancelled, ...(result.text !== undefined ? { selectedText: result.text } : {}) };
    });
  }

  dispose(): Promise<void> {
    return this.current.dispose();
  }

  private async move<R extends { cancelled: boolean }>(run: (control: PithServices["sessionControl"]) => Promise<R>): Promise<R> {
    const kernel = this.kernel();
    const control = requireService((name) => kernel.registry.services.get(name) as PithServices[typeof name] | undefined, "sessionControl", "replace the session");
    const result = await run(control);
    if (result.cancelled) return result;
    this.beforeInvalidate?.();
    this.current = successorOf(this.current);
    await this.rebind?.(this.current);
    return result;
  }

  private kernel(): KernelSession {
    const kernel = innerSession(this.current);
    if (!kernel) throw new PithError("EXTENSION_SDK_OPTION_INVALID", "AgentSessionRuntime got a session createAgentSession did not make.");
    return kernel;
  }
}
