// /login [provider] and /logout, as pi 1.6.0 has them: /login asks how (an account or an API key), then which
// provider (a searchable list saying what each has configured), then runs the sign-in in a dialog in the editor's
// place (lib/oauth, the same flows and auth.json entries as `pith login`). Cancelling a step goes back to the one
// before it. The new credential is used from the next request on.
import { dirname } from "node:path";
import { errorMessage } from "../../../kernel/index.js";
import { saveApiKey, signInAndSave, signOut } from "../../../lib/oauth/sign-in.js";
import { modifyAuthEntry } from "../../../lib/oauth/auth-store.js";
import { openUrl } from "../../../lib/process/open-url.js";
import { readAuthFile } from "../../models/config-files/auth-file.js";
import { defaultModelIds } from "../../models/known-providers.js";
import { installationDeviceId } from "../../settings/device-id.js";
import type { ModelRegistry } from "../../models/registry.js";
import type { CommandHost } from "../commands/command-host.js";
import { SearchList } from "../components/search-list.js";
import { LoginDialog } from "./login-dialog.js";

type AuthType = "oauth" | "api_key";

interface LoginOption {
  id: string;
  name: string;
  authType: AuthType;
  /** what is configured now, for the list: " ✓ configured", " ✓ env: VAR", " • not configured" */
  status: string;
}

const ACCOUNT = "Sign in with an account";
const API_KEY = "Sign in with an API key";
/** subscriptions that take no API key (pi offers them as accounts only) */
const ACCOUNT_ONLY: readonly string[] = ["openai-codex", "github-copilot"];

/** pi 1.6.0's words for a sign-in: "subscription" for a plan's (`isSubscription`), else "account"; or "API key" */
function authTypeLabel(models: ModelRegistry, id: string, authType: AuthType): string {
  if (authType === "api_key") return "API key";
  return models.loginFlows.isPlan(id) ? "subscription" : "account";
}

function loginOptions(models: ModelRegistry): LoginOption[] {
  const status = (id: string, authType: AuthType) => {
    const source = models.authSource(id);
    if (!source) return " • not configured";
    if (source.type !== authType) return ` • ${authTypeLabel(models, id, source.type)} configured`;
    return source.source === "stored credential" ? " ✓ configured" : ` ✓ ${/^[A-Z][A-Z0-9_]*$/.test(source.source) ? `env: ${source.source}` : source.source}`;
  };
  const accounts = models.loginFlows.providers().map((id) => ({ id, name: models.loginFlows.name(id), authType: "oauth" as const, status: status(id, "oauth") }));
  const keys = models
    .providers()
    .filter((id) => !ACCOUNT_ONLY.includes(id))
    .map((id) => ({ id, name: models.providerName(id), authType: "api_key" as const, status: status(id, "api_key") }));
  return [...accounts, ...keys].sort((a, b) => a.name.localeCompare(b.name));
}

export async function loginCommand(args: string, host: CommandHost): Promise<void> {
  const options = loginOptions(host.context.use("models"));
  const wanted = args.trim().toLowerCase();
  if (!wanted) return chooseMethod(host, options);
  const matching = options.filter((option) => option.id.toLowerCase() === wanted || option.name.toLowerCase() === wanted);
  if (matching.length === 1) return startLogin(host, matching[0]!);
  if (matching.length > 1) return chooseMethod(host, options, matching);
  return chooseProvider(host, options, undefined, args.trim());
}

/** "an account or an API key?", for every provider or for one that offers both */
async function chooseMethod(host: CommandHost, options: LoginOption[], forProvider?: LoginOption[]): Promise<void> {
  const title = forProvider ? `Select authentication method for ${host.context.use("models").providerName(forProvider[0]!.id)}:` : "Select authentication method:";
  const picked = await host.ui.select(title, [ACCOUNT, API_KEY]);
  if (!picked) return;
  const authType: AuthType = picked === ACCOUNT ? "oauth" : "api_key";
  const back = () => chooseMethod(host, options, forProvider);
  const chosen = forProvider?.find((option) => option.authType === authType);
  if (chosen) return startLogin(host, chosen, back);
  return chooseProvider(host, options.filter((option) => option.authType === authType), back);
}

async function chooseProvider(host: CommandHost, options: LoginOption[], back?: () => Promise<void>, query?: string): Promise<void> {
  const models = host.context.use("models");
  const both = new Set(options.map((option) => option.authType)).size > 1;
  const key = (option: LoginOption) => `${option.authType}:${option.id}`;
  const chosen = await host.ui.openComponent<LoginOption | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "Select provider to configure:",
          items: options.map((option) => ({
            value: key(option),
            label: `${option.name}${both ? ` [${authTypeLabel(models, option.id, option.authType)}]` : ""}${option.status}`,
          })),
          searchText: (item) => `${item.label} ${item.value}`,
          initialQuery: query,
          maxVisible: 8,
          onSelect: (item) => finish(options.find((option) => key(option) === item.value)),
          onCancel: () => finish(undefined),
        },
        host.ui.theme,
      ),
    undefined,
  );
  if (!chosen) return back?.();
  return startLogin(host, chosen, () => chooseProvider(host, options, back, query));
}

/** The sign-in (or the API key question) in the login dialog; `back` reopens the step before when it is cancelled. */
async function startLogin(host: CommandHost, option: LoginOption, back?: () => Promise<void>): Promise<void> {
  const models = host.context.use("models");
  const dialog = new LoginDialog({
    title: option.authType === "oauth" ? `Login to ${option.name}` : `API key for ${option.name}`,
    theme: host.ui.theme,
    requestRender: () => host.ui.requestRender(),
    openUrl: (url) => openUrl(url),
  });
  const restore = host.ui.replaceEditor(dialog);
  const hadModel = host.session.model !== undefined;
  let label: string;
  try {
    if (option.authType === "oauth") {
      await signInAndSave({
        provider: option.id,
        authPath: models.authJsonPath,
        conversation: dialog,
        env: process.env,
        apiBaseUrl: models.configuredBaseUrl(option.id),
        flow: await models.loginFlows.load(option.id),
        deviceId: () => installationDeviceId(host.context.use("settings"), dialog.signal),
      });
      label = `Logged in to ${option.name}`;
    } else {
      // an extension's provider may ask its own questions (pi-ai's `auth.apiKey.login`); its answer is the entry
      const ownLogin = models.loginFlows.apiKeyLogin(option.id);
      if (ownLogin) {
        const entry = await ownLogin(dialog);
        await modifyAuthEntry(models.authJsonPath, option.id, async () => entry, dialog.signal);
      } else await saveApiKey(models.authJsonPath, option.id, await dialog.ask(apiKeyQuestion(option.id)), dialog.signal);
      label = `Saved API key for ${option.name}`;
    }
  } catch (error) {
    restore();
    if (dialog.signal.aborted) return back?.();
    const failed = option.authType === "oauth" ? `Failed to login to ${option.name}` : `Failed to save API key for ${option.name}`;
    return host.chat.notify("error", `${failed}: ${errorMessage(error)}`);
  }
  restore();
  models.reload();
  const selected = hadModel ? undefined : await selectDefaultModel(host, option.id);
  host.chat.notify("status", `${label}.${selected ? ` Selected ${selected}.` : ""} Credentials saved to ${models.authJsonPath}`);
  host.ui.requestRender();
  if (option.authType === "oauth") await offerLoginServer(host, option);
}

/**
 * As pi's /login after a Radius sign-in: offers to point the provider's MCP server in the user's mcp.json at the
 * login (adding it when missing), then reloads, since MCP servers are read when the session starts. Nothing is asked
 * when a server already uses the login.
 */
async function offerLoginServer(host: CommandHost, option: LoginOption): Promise<void> {
  const { planLoginServer, applyLoginServer } = await import("../../mcp/config/login-server.js");
  // the agent dir: where the login was saved
  const plan = await planLoginServer(option.id, dirname(host.context.use("models").authJsonPath)).catch(() => undefined);
  if (!plan || (await host.ui.select(`Configure ${option.name} MCP in ${plan.file}?`, ["Yes", "No"])) !== "Yes") return;
  let applied: string;
  try {
    applied = await applyLoginServer(plan, option.name);
  } catch (error) {
    return host.chat.notify("error", `Could not update ${plan.file}: ${errorMessage(error)}`);
  }
  // the reload redraws the chat from the session, so what was done is said after it
  await host.context.use("sessionControl").reload();
  host.chat.notify("status", applied);
}

/** A run that had no model takes the provider's default one, as pi does after a login. */
async function selectDefaultModel(host: CommandHost, provider: string): Promise<string | undefined> {
  const id = defaultModelIds()[provider];
  if (!id || !host.context.use("models").find(provider, id)) return undefined;
  try {
    return (await host.context.use("sessionControl").setModel(provider, id, { persist: true })).id;
  } catch (error) {
    host.chat.notify("error", `Selecting ${provider}/${id} failed: ${errorMessage(error)}. Use /model to select a model.`);
    return undefined;
  }
}

export async function logoutCommand(_args: string, host: CommandHost): Promise<void> {
  const models = host.context.use("models");
  const stored = [...readAuthFile(models.authJsonPath).credentials].map(([id, credential]) => ({
    id,
    authType: credential.type,
    name: credential.type === "oauth" ? models.loginFlows.name(id) : models.providerName(id),
  }));
  if (stored.length === 0) {
    return host.chat.notify("status", "No stored credentials to remove. /logout only removes credentials saved by /login; environment variables and models.json config are unchanged.");
  }
  const chosen = await host.ui.openComponent<(typeof stored)[number] | undefined>(
    (finish) =>
      new SearchList(
        {
          title: "Select provider to logout:",
          items: stored.sort((a, b) => a.name.localeCompare(b.name)).map((entry) => ({ value: entry.id, label: `${entry.name} [${authTypeLabel(models, entry.id, entry.authType)}]` })),
          onSelect: (item) => finish(stored.find((entry) => entry.id === item.value)),
          onCancel: () => finish(undefined),
        },
        host.ui.theme,
      ),
    undefined,
  );
  if (!chosen) return;
  try {
    await signOut(models.authJsonPath, chosen.id, AbortSignal.timeout(15_000));
    models.reload();
    host.chat.notify(
      "status",
      chosen.authType === "oauth" ? `Logged out of ${chosen.name}` : `Removed stored API key for ${chosen.name}. Environment variables and models.json config are unchanged.`,
    );
  } catch (error) {
    host.chat.notify("error", `Logout failed: ${errorMessage(error)}`);
  }
}

/** The question for a provider's key, in pi 1.6.0's words: the providers whose login names their key, else the plain one. */
function apiKeyQuestion(provider: string): string {
  if (provider === "anthropic") return "Enter Anthropic API key";
  if (provider === "google-vertex") return "Enter Google Cloud API key";
  if (provider.startsWith("cloudflare-")) return "Enter Cloudflare API key";
  return "Enter API key";
}
