// The session the extension shims serve. Shim modules (`@mariozechner/pi-ai`'s `complete`, `getModel`, ...) are
// shared by every session of the process, so they reach the session through the host installed last.
import type { Model, ProviderApi, ResolvedAuth } from "../../../kernel/index.js";
import type { SessionInfo } from "../../sessions/index.js";

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
}

let current: ExtensionHost | undefined;

/** Installs `host` for the shims; the returned function removes it again (if it is still the current one). */
export function installExtensionHost(host: ExtensionHost): () => void {
  current = host;
  return () => {
    if (current === host) current = undefined;
  };
}

export function extensionHost(): ExtensionHost | undefined {
  return current;
}

/** A served helper's warning: the session's log, or stderr where no session runs (pi's own console warning). */
export function warnFromHelper(message: string): void {
  if (current) current.warn(message);
  else process.stderr.write(`Warning: ${message}\n`);
}
