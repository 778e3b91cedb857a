// `pith auth check|print-api-key|print-bearer-token` (pi 1.6.0): whether a provider's credentials are ready, and
// the resolved key or OAuth bearer token for a client outside pith. A bearer token is refreshed (under
// auth.json's lock) when it would expire within --min-expiry (30 minutes by default).
import { join } from "node:path";
import { errorMessage } from "../../kernel/index.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";

/** What the auth commands read and write: the CLI gives them the process's streams. */
export interface AuthCommandIo {
  env: NodeJS.ProcessEnv;
  input: NodeJS.ReadableStream;
  stdout(text: string): void;
  stderr(text: string): void;
  openUrl?(url: string): void;
  signal: AbortSignal;
}

type InspectCommand = "check" | "print-api-key" | "print-bearer-token";

interface InspectOptions {
  provider?: string;
  model?: string;
  json: boolean;
  credentials: boolean;
  noRefresh: boolean;
  minExpiryMs?: number;
}

const DEFAULT_BEARER_MIN_EXPIRY_MS = 30 * 60_000;
const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

class UsageError extends Error {}

function parse(command: InspectCommand, args: readonly string[]): InspectOptions {
  const options: InspectOptions = { json: false, credentials: false, noRefresh: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--provider" || arg === "--model") {
      const value = args[++index]?.trim();
      if (!value) throw new UsageError(`${arg} needs a value`);
      options[arg === "--provider" ? "provider" : "model"] = value;
    } else if (arg === "--min-expiry" && command === "print-bearer-token") {
      const match = /^(\d+)(ms|s|m|h)$/i.exec(args[++index] ?? "");
      if (!match) throw new UsageError("--min-expiry must use a duration such as 30m or 1h");
      options.minExpiryMs = Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
    } else if ((arg === "--json" || arg === "--credentials" || arg === "--no-refresh") && command === "check") {
      if (arg === "--json") options.json = true;
      else if (arg === "--credentials") options.credentials = true;
      else options.noRefresh = true;
    } else throw new UsageError(`Unknown option ${arg} for "auth ${command}".`);
  }
  if (!options.provider && !options.model) throw new UsageError(`auth ${command} needs --provider <provider> or --model <model>`);
  return options;
}

export async function runAuthInspect(command: InspectCommand, args: readonly string[], io: AuthCommandIo): Promise<number> {
  let options: InspectOptions;
  try {
    options = parse(command, args);
  } catch (error) {
    io.stderr(`pith: ${errorMessage(error)}\n`);
    return command === "check" ? 2 : 1;
  }
  const agentDir = resolveAgentDir(io.env);
  const { ModelRegistry } = await import("../../plugins/models/registry.js");
  const registry = new ModelRegistry({ agentDir, env: io.env });
  let provider = options.provider;
  if (options.model) {
    const resolved = registry.resolveCliModel({ provider: options.provider, model: options.model });
    if (!resolved.model) {
      io.stderr(`pith: ${resolved.error ?? `model "${options.model}" not found`}\n`);
      return command === "check" ? 2 : 1;
    }
    provider = resolved.model.provider;
  }
  const stored = registry.storedCredential(provider!);
  if (command === "check") return check(provider!, registry, stored?.type, options, io);
  try {
    if (!registry.providers().includes(provider!)) throw new Error(`Unknown provider "${provider}". Use --list-models to see available providers.`);
    if (command === "print-api-key" && stored?.type === "oauth") throw new Error(`Provider "${provider}" is configured with OAuth, not an API key`);
    if (command === "print-bearer-token" && stored?.type !== "oauth") throw new Error(`Provider "${provider}" is not configured with an OAuth bearer token`);
    const key =
      command === "print-bearer-token"
        ? await registry.resolveApiKey(provider!, io.signal, { minValidityMs: options.minExpiryMs ?? DEFAULT_BEARER_MIN_EXPIRY_MS })
        : await registry.resolveApiKey(provider!, io.signal);
    if (!key) throw new Error(`No usable API key is configured for "${provider}" (${join(agentDir, "auth.json")}, environment, models.json)`);
    io.stdout(`${key}\n`);
    return 0;
  } catch (error) {
    io.stderr(`pith: ${errorMessage(error)}\n`);
    return 1;
  }
}

async function check(
  provider: string,
  registry: import("../../plugins/models/registry.js").ModelRegistry,
  storedType: string | undefined,
  options: InspectOptions,
  io: AuthCommandIo,
): Promise<number> {
  let result: { status: "ready" | "not_ready" | "invalid"; provider: string; authType?: string; reason?: string };
  let credential: string | undefined;
  if (registry.errors.length > 0) result = { status: "invalid", provider, reason: "invalid_state" };
  else if (!registry.providers().includes(provider)) result = { status: "not_ready", provider, reason: "provider_not_found" };
  else if (!registry.hasAuth(provider)) result = { status: "not_ready", provider, reason: "credentials_not_configured" };
  else {
    result = { status: "ready", provider, authType: storedType === "oauth" ? "oauth" : "api_key" };
    try {
      const stored = registry.storedCredential(provider);
      if (options.noRefresh && stored?.type === "oauth") credential = stored.access;
      else if (!options.noRefresh || options.credentials) credential = await registry.resolveApiKey(provider, io.signal);
      if (options.credentials && !credential) result = { status: "not_ready", provider, reason: "credential_not_available" };
    } catch {
      result = { status: "invalid", provider, reason: "invalid_state" };
      credential = undefined;
    }
  }
  const shown = options.credentials && result.status === "ready" ? credential : undefined;
  io.stdout(`${options.json ? JSON.stringify({ ...result, ...(shown ? { credentials: shown } : {}) }) : (shown ?? result.status)}\n`);
  return result.status === "ready" ? 0 : result.status === "not_ready" ? 1 : 2;
}
