// pi rebuilds a session's runtime on `/reload` and on every move to another conversation: settings are read
// again, the settings' packages are resolved again (a package added since start-up brings its extensions, skills
// and prompt templates; a missing one is installed as at start-up, or reported), the extensions run again as new
// instances (their providers, tools and commands with them), context files, SYSTEM.md/APPEND_SYSTEM.md, skills
// and prompt templates are read again, and the system prompt is built anew. This is that one routine; the reload
// and the moves around it differ only in the events they announce. Every part is a service lookup, so a session
// without some plugin simply skips that part.
import { PithError, type SessionApi } from "../../kernel/index.js";
import type {} from "../packages/packages-service.js"; // types the "packages" service (declaration merging)
import type { ServiceLookup } from "./require-service.js";

export interface RebuildHost {
  readonly agent: SessionApi;
  readonly use: ServiceLookup;
  /** a problem that does not stop the reload (a package that cannot be had) */
  report(error: PithError): void;
}

export async function rebuildRuntime(host: RebuildHost, signal?: AbortSignal): Promise<void> {
  const { agent, use } = host;
  await use("settings")?.reload(signal);
  signal?.throwIfAborted();
  const packages = await use("packages")?.reload(signal);
  for (const problem of packages?.problems ?? []) host.report(new PithError("PACKAGE_UNAVAILABLE", problem));
  signal?.throwIfAborted();
  await use("extensions")?.restart();
  await Promise.all([use("resources")?.reload(signal), use("skills")?.reload(signal), use("promptTemplates")?.reload(signal)]);
  await agent.refreshSystemPrompt();
}

/**
 * pi's reload: every plugin hears `session_shutdown{reason:"reload"}`, the runtime is rebuilt, then every plugin
 * hears `session_start{reason:"reload"}` (and the new extension instances `resources_discover{reason:"reload"}`).
 */
export async function reloadSession(host: RebuildHost, signal?: AbortSignal): Promise<void> {
  await host.agent.leave("reload");
  await rebuildRuntime(host, signal);
  await host.agent.start("reload");
}
