// The session the extension shims serve. Shim modules (`@mariozechner/pi-ai`'s `complete`, `getModel`, ...) are
// shared by every session of the process, so they reach the session through the host installed last. Sessions
// nest (an extension's tool runs a sub-session with pi's createAgentSession, and that session's extensions install
// their host): when the inner one ends, the outer one's host is current again.
import type { Model, ProviderApi, ResolvedAuth } from "../../../kernel/index.js";
import type { SessionInfo } from "../../sessions/index.js";
import type { SessionFactory } from "./sdk/session-factory.js";

export interface ExtensionHost {
  readonly cwd: string;
  readonly agentDir: string;
  /** every model the session knows (the models service's catalogue) */
  models(): readonly Model[];
  /** the provider plugin for a wire protocol */
  provider(api: string): ProviderApi | undefined;
  /** every wire protocol the session has a provider plugin for */
  apis(): string[];
  /** registers a provider for a wire protocol (pi-ai's `registerApiProvider`); the returned function removes it */
  registerProvider(provider: ProviderApi): () => void;
  /** the key and headers for a model, as the session would send them */
  resolveAuth(model: Model, signal?: AbortSignal): Promise<ResolvedAuth | undefined>;
  /** reports a problem a served helper met and went past (pi prints such warnings; pith logs them) */
  warn(message: string): void;
  /** the sessions the session's store lists: of a project (`cwd`), or every one (`all`) */
  listSessions(query: { cwd?: string; all?: boolean; signal?: AbortSignal }): Promise<SessionInfo[]>;
  /** assembles another session with pith's plugins (pi's createAgentSession); absent when the host gave no factory */
  readonly createSession?: SessionFactory;
}

/** the installed hosts, the current one last */
const installed: ExtensionHost[] = [];

/** Installs `host` for the shims; the returned function removes it again, and the one installed before is current. */
export function installExtensionHost(host: ExtensionHost): () => void {
  installed.push(host);
  return () => {
    const index = installed.lastIndexOf(host);
    if (index >= 0) installed.splice(index, 1);
  };
}

export function extensionHost(): ExtensionHost | undefined {
  return installed.at(-1);
}

/** A served helper's warning: the session's log, or stderr where no session runs (pi's own console warning). */
export function warnFromHelper(message: string): void {
  const host = extensionHost();
  if (host) host.warn(message);
  else process.stderr.write(`Warning: ${message}\n`);
}
