// pi's `registerProvider(name, { oauth })` as one of the session's account sign-ins: the extension's `login` talks
// to the user through pith's sign-in conversation (the CLI's lines or /login's dialog), its credentials are stored
// in auth.json under the provider's name as pi stores them (`{"type": "oauth", ...}`), `refreshToken` renews them
// under auth.json's lock (lib/oauth/refresh.ts), and `getApiKey` turns them into each request's key.
import { PithError, type Model } from "../../../kernel/index.js";
import type { OAuthCredential, SignInConversation } from "../../../lib/oauth/types.js";
import type { ExtensionLoginFlow } from "../../models/login-flows.js";

/** pi-ai's `OAuthCredentials`: what `login` and `refreshToken` resolve with */
interface ExtensionCredentials {
  access: string;
  refresh: string;
  expires: number;
  [field: string]: unknown;
}

/** pi-ai's `OAuthLoginCallbacks`, the extension's side of the conversation */
export interface ExtensionLoginCallbacks {
  onAuth(info: { url: string; instructions?: string }): void;
  onDeviceCode(info: { userCode: string; verificationUri: string }): void;
  onPrompt(prompt: { message: string; placeholder?: string; allowEmpty?: boolean }): Promise<string>;
  onProgress(message: string): void;
  onManualCodeInput(): Promise<string>;
  onSelect(prompt: { message: string; options: { id: string; label: string }[] }): Promise<string | undefined>;
  signal: AbortSignal;
}

/** pi's `ProviderConfig.oauth` */
export interface ExtensionOAuthConfig {
  name: string;
  isSubscription?: boolean;
  usesCallbackServer?: boolean;
  login(callbacks: ExtensionLoginCallbacks): Promise<ExtensionCredentials>;
  refreshToken(credentials: OAuthCredential, signal: AbortSignal): Promise<ExtensionCredentials>;
  getApiKey(credentials: OAuthCredential): string;
  modifyModels?(models: Model[], credentials: OAuthCredential): Model[];
}

function checkConfig(provider: string, oauth: unknown): ExtensionOAuthConfig {
  const config = (typeof oauth === "object" && oauth !== null ? oauth : {}) as Record<string, unknown>;
  const problems = [
    typeof config.name === "string" && config.name !== "" ? undefined : '"name" must be a non-empty string',
    ...(["login", "refreshToken", "getApiKey"] as const).map((member) => (typeof config[member] === "function" ? undefined : `"${member}" must be a function`)),
    config.modifyModels === undefined || typeof config.modifyModels === "function" ? undefined : '"modifyModels" must be a function',
  ].filter((problem) => problem !== undefined);
  if (problems.length > 0) throw new PithError("PROVIDER_CONFIG_INVALID", `provider "${provider}": oauth ${problems.join(", ")}`);
  return config as unknown as ExtensionOAuthConfig;
}

/** What auth.json keeps: the extension's credentials as `{"type": "oauth", ...}`, checked for pi's three fields. */
function storedCredential(flowName: string, step: string, credentials: unknown): OAuthCredential {
  const value = (typeof credentials === "object" && credentials !== null ? credentials : {}) as Record<string, unknown>;
  if (typeof value.access !== "string" || typeof value.refresh !== "string" || typeof value.expires !== "number") {
    const code = step === "login" ? "OAUTH_SIGN_IN_FAILED" : "OAUTH_REFRESH_FAILED";
    throw new PithError(code, `The ${flowName} ${step} returned no credentials: it must resolve with { access, refresh, expires } (expires in milliseconds since the epoch).`);
  }
  return { ...value, type: "oauth" } as OAuthCredential;
}

function callbacksFor(conversation: SignInConversation): ExtensionLoginCallbacks {
  return {
    onAuth: (info) => conversation.show({ type: "open_url", url: info.url, instructions: info.instructions ?? "" }),
    onDeviceCode: (info) => conversation.show({ type: "device_code", url: info.verificationUri, code: info.userCode }),
    onPrompt: (prompt) => conversation.ask(prompt.message, prompt.placeholder),
    onProgress: (message) => conversation.show({ type: "progress", message }),
    onManualCodeInput: () => conversation.ask("Paste the authorization code"),
    onSelect: (prompt) => conversation.choose(prompt.message, prompt.options),
    signal: conversation.signal,
  };
}

export function loginFlowFromExtension(provider: string, oauth: unknown): ExtensionLoginFlow {
  const config = checkConfig(provider, oauth);
  const modifyModels = config.modifyModels;
  return {
    provider,
    name: config.name,
    subscription: config.isSubscription === true,
    login: async (conversation) => storedCredential(config.name, "login", await config.login(callbacksFor(conversation))),
    refresh: async (credential, _endpoints, signal) => storedCredential(config.name, "refresh", await config.refreshToken(credential, signal)),
    toAuth: (credential) => {
      const apiKey = config.getApiKey(credential);
      if (typeof apiKey !== "string" || apiKey === "") throw new PithError("NO_API_KEY", `The ${config.name} login gave no API key (its getApiKey returned ${JSON.stringify(apiKey)}).`);
      return { apiKey };
    },
    ...(modifyModels ? { modifyModels: (models: Model[], credential: OAuthCredential) => modifyModels.call(config, models, credential) } : {}),
  };
}
