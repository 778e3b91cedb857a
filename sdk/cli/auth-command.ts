// `pith auth login|logout <provider>` (pi 1.6.0's `auth` subcommand) and the shorter `pith login [provider]` and
// `pith logout [provider]`: account sign-ins (lib/oauth/flows.ts) or a saved API
// key, into auth.json where pi reads them too. `auth print-api-key|print-bearer-token|check` are in
// auth-inspect.ts.
import { join } from "node:path";
import { errorMessage } from "../../kernel/index.js";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import { SUBSCRIPTION_PROVIDERS, hasSubscriptionFlow, subscriptionName } from "../../lib/oauth/flows.js";
import { saveApiKey, signInAndSave, signOut } from "../../lib/oauth/sign-in.js";
import type { AuthCommandIo } from "./auth-inspect.js";
import { lineConversation } from "./line-conversation.js";
import type { SessionLogins } from "./session-logins.js";
import type { ModelRegistry } from "../../plugins/models/registry.js";

export const AUTH_HELP = `Usage:
  pith auth login <provider> [--api-key] [--no-browser]
  pith auth logout <provider>
  pith auth print-api-key [--provider <provider>] [--model <model>]
  pith auth print-bearer-token [--provider <provider>] [--model <model>] [--min-expiry <duration>]
  pith auth check [--provider <provider>] [--model <model>] [--json] [--credentials] [--no-refresh]
  pith login [provider] [--api-key] [--no-browser]      (pith auth login; asks for the provider when none is named)
  pith logout <provider>

Sign in with an account in the browser (${SUBSCRIPTION_PROVIDERS.join(", ")}, or a provider an extension
registers with a sign-in) or save an API key; pi reads the same credentials. They are stored in ~/.pi/agent/auth.json (PI_CODING_AGENT_DIR moves it).

Options for login:
  --api-key               Save an API key instead of signing in with an account
  --no-browser            Use the other sign-in method: copy code (Anthropic), device code (ChatGPT, Radius)
`;

/** `argv` after `auth`, or `["login", ...]` for `pith login`; resolves with the exit code. */
export async function runAuthCommand(argv: readonly string[], io: AuthCommandIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || rest.includes("--help") || rest.includes("-h") || command === "--help") {
    io.stdout(AUTH_HELP);
    return 0;
  }
  const authPath = join(resolveAgentDir(io.env), "auth.json");
  if (command === "login") return login(rest, authPath, io);
  if (command === "logout") return logout(rest, authPath, io);
  if (command === "check" || command === "print-api-key" || command === "print-bearer-token") {
    const { runAuthInspect } = await import("./auth-inspect.js");
    return runAuthInspect(command, rest, io);
  }
  io.stderr(`pith: unknown auth command "${command}". Use login, logout, print-api-key, print-bearer-token or check.\n`);
  return 1;
}

async function login(args: readonly string[], authPath: string, io: AuthCommandIo): Promise<number> {
  const apiKey = args.includes("--api-key");
  const browser = !args.includes("--no-browser");
  const unknown = args.find((arg) => arg.startsWith("-") && arg !== "--api-key" && arg !== "--no-browser");
  const named = args.filter((arg) => !arg.startsWith("-"));
  if (unknown || named.length > 1) {
    io.stderr(`pith: usage: pith auth login <provider> [--api-key] [--no-browser]\n`);
    return 1;
  }
  if (apiKey && !browser) {
    io.stderr("pith: --no-browser only applies to account sign-in; omit it with --api-key.\n");
    return 1;
  }
  const conversation = lineConversation({ input: io.input, write: (line) => io.stdout(`${line}\n`), signal: io.signal, browser, openUrl: io.openUrl });
  const { ModelRegistry } = await import("../../plugins/models/registry.js");
  const files = new ModelRegistry({ agentDir: resolveAgentDir(io.env), env: io.env });
  // extensions' providers and sign-ins: loaded for the list, or for a provider pith does not know by itself
  let logins: SessionLogins | undefined;
  const loadLogins = async () => (logins ??= await (await import("./session-logins.js")).sessionLogins(io));
  try {
    const provider = named[0] ?? (await chooseProvider(conversation.ask, io, (await loadLogins()).registry));
    if (!provider) return 1;
    if (!hasSubscriptionFlow(provider) && !files.providers().includes(provider)) await loadLogins();
    const registry = logins?.registry ?? files;
    const flows = registry.loginFlows;
    if (!flows.has(provider) && !registry.providers().includes(provider)) {
      io.stderr(`pith: unknown provider "${provider}". Sign-ins: ${flows.providers().join(", ")}; API keys: any provider of pith --list-models.\n`);
      return 1;
    }
    if (apiKey || !flows.has(provider)) {
      if (provider === "openai-codex" || provider === "github-copilot") {
        io.stderr(`pith: ${subscriptionName(provider)} has no API key login. Omit --api-key to sign in.\n`);
        return 1;
      }
      await saveApiKey(authPath, provider, await conversation.ask(`API key for ${provider}`), io.signal);
      io.stdout(`Saved API key for ${provider}. Credentials saved to ${authPath}\n`);
      await configureLoginServer(provider, registry.providerName(provider), io);
      return 0;
    }
    const name = await signInAndSave({
      provider,
      authPath,
      conversation,
      env: io.env,
      apiBaseUrl: registry.configuredBaseUrl(provider),
      flow: await flows.load(provider),
      deviceId: async () => {
        const [{ SettingsManager }, { installationDeviceId }] = await Promise.all([import("../../plugins/settings/settings-manager.js"), import("../../plugins/settings/device-id.js")]);
        return installationDeviceId(await SettingsManager.load({ agentDir: resolveAgentDir(io.env), cwd: process.cwd(), env: io.env }), io.signal);
      },
    });
    io.stdout(`Logged in to ${name}. Credentials saved to ${authPath}\n`);
    await configureLoginServer(provider, name, io);
    return 0;
  } catch (error) {
    io.stderr(`pith: ${io.signal.aborted ? "Login cancelled." : `login failed: ${errorMessage(error)}`}\n`);
    return 1;
  } finally {
    conversation.close();
    await logins?.close();
  }
}

/**
 * As pi's `auth login`: a login that serves an MCP server (Radius) points the user's mcp.json at it without asking,
 * since the login is what the server needs; a file that cannot be changed is reported and the login stays.
 */
async function configureLoginServer(provider: string, providerName: string, io: AuthCommandIo): Promise<void> {
  const { planLoginServer, applyLoginServer } = await import("../../plugins/mcp/config/login-server.js");
  const plan = await planLoginServer(provider, resolveAgentDir(io.env)).catch(() => undefined);
  if (!plan) return;
  try {
    io.stdout(`${await applyLoginServer(plan, providerName)}\n`);
  } catch (error) {
    io.stderr(`pith: could not update ${plan.file}: ${errorMessage(error)}\n`);
  }
}

async function chooseProvider(ask: (message: string) => Promise<string>, io: AuthCommandIo, registry: ModelRegistry): Promise<string | undefined> {
  const providers = registry.loginFlows.providers();
  io.stdout("Sign in to:\n");
  providers.forEach((provider, index) => io.stdout(`  ${index + 1}. ${registry.loginFlows.name(provider)} (${provider})\n`));
  for (;;) {
    const answer = (await ask(`Select 1-${providers.length}, or type a provider to save its API key`)).trim();
    if (/^\d+$/.test(answer) && providers[Number(answer) - 1]) return providers[Number(answer) - 1];
    if (answer && !/^\d+$/.test(answer)) return answer;
  }
}

async function logout(args: readonly string[], authPath: string, io: AuthCommandIo): Promise<number> {
  const [provider, ...extra] = args;
  if (provider === undefined || provider.startsWith("-") || extra.length > 0) {
    io.stderr("pith: usage: pith auth logout <provider>\n");
    return 1;
  }
  try {
    const removed = await signOut(authPath, provider, io.signal);
    const name = removed === "oauth" && !hasSubscriptionFlow(provider) ? await extensionLoginName(provider, io) : subscriptionName(provider);
    if (removed === undefined) io.stdout(`No stored credentials for ${name}. Environment variables and models.json config are unchanged.\n`);
    else if (removed === "oauth") io.stdout(`Logged out of ${name}.\n`);
    else io.stdout(`Removed stored API key for ${name}. Environment variables and models.json config are unchanged.\n`);
    return 0;
  } catch (error) {
    io.stderr(`pith: logout failed: ${errorMessage(error)}\n`);
    return 1;
  }
}

/** the name an extension gives its sign-in (its extensions are loaded to ask), else the provider's id */
async function extensionLoginName(provider: string, io: AuthCommandIo): Promise<string> {
  const logins = await (await import("./session-logins.js")).sessionLogins(io);
  try {
    return logins.registry.loginFlows.name(provider);
  } finally {
    await logins.close();
  }
}
