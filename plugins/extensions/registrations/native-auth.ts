// A whole pi-ai `Provider`'s own sign-ins (pi 1.6's `auth.oauth` and `auth.apiKey.login`) as the session's login
// flows: `/login` and `pith login` run them through pith's sign-in conversation (the CLI's lines or /login's
// dialog), auth.json keeps what they return in pi's shape, and an OAuth login is refreshed through the provider's
// `refresh` under auth.json's lock (lib/oauth/refresh.ts) and turned into each request's key by its `toAuth`.
import { PithError } from "../../../kernel/index.js";
import type { OAuthCredential, SignInConversation, SignInInstallation } from "../../../lib/oauth/types.js";
import type { ApiKeyLogin, ExtensionLoginFlow } from "../../models/login-flows.js";

type AuthPrompt = { type: string; message: string; placeholder?: string; options?: readonly { id: string; label: string }[]; signal?: AbortSignal };
type AuthEvent = { type: string; message?: string; url?: string; instructions?: string; userCode?: string; verificationUri?: string };

/** pi-ai's `ProviderAuthInteraction`: prompts and notices over pith's conversation */
interface Interaction {
  signal: AbortSignal;
  prompt(prompt: AuthPrompt): Promise<string>;
  notify(event: AuthEvent): void;
}

/** pi-ai's `OAuthAuth` */
export interface NativeOAuth {
  name: string;
  isSubscription?: boolean;
  login(interaction: Interaction, options?: { getDeviceId?: () => string }): Promise<Record<string, unknown>>;
  refresh(credential: OAuthCredential, signal: AbortSignal): Promise<Record<string, unknown>>;
  toAuth(credential: OAuthCredential): Promise<{ apiKey?: string; headers?: Record<string, string | null>; baseUrl?: string }>;
}

/** pi-ai's `ApiKeyAuth.login`: the provider's own questions for a key (and provider-scoped values) */
export type NativeApiKeyLogin = (interaction: Interaction) => Promise<Record<string, unknown>>;

function interactionOver(conversation: SignInConversation): Interaction {
  return {
    signal: conversation.signal,
    prompt: async (prompt) =>
      prompt.type === "select" ? conversation.choose(prompt.message, prompt.options ?? [], prompt.signal) : conversation.ask(prompt.message, prompt.placeholder, prompt.signal),
    notify(event) {
      if (event.type === "auth_url" && event.url) conversation.show({ type: "open_url", url: event.url, instructions: event.instructions ?? "" });
      else if (event.type === "device_code" && event.verificationUri) conversation.show({ type: "device_code", url: event.verificationUri, code: event.userCode ?? "" });
      else if (event.message) conversation.show({ type: "progress", message: event.message });
    },
  };
}

function oauthCredential(name: string, step: "login" | "refresh", value: unknown): OAuthCredential {
  const credential = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof credential.access !== "string" || typeof credential.expires !== "number") {
    const code = step === "login" ? "OAUTH_SIGN_IN_FAILED" : "OAUTH_REFRESH_FAILED";
    throw new PithError(code, `The ${name} ${step} returned no credential: it must resolve with { access, refresh, expires } (expires in milliseconds since the epoch).`);
  }
  return { ...credential, type: "oauth" } as OAuthCredential;
}

export function nativeOAuthFlow(provider: string, oauth: NativeOAuth): ExtensionLoginFlow {
  return {
    provider,
    name: oauth.name,
    subscription: oauth.isSubscription === true,
    async login(conversation: SignInConversation, _endpoints: unknown, installation: SignInInstallation) {
      // pi-ai asks for the installation's id synchronously: it is read (or made) before the login starts
      const deviceId = await installation.deviceId().catch(() => undefined);
      return oauthCredential(oauth.name, "login", await oauth.login(interactionOver(conversation), deviceId ? { getDeviceId: () => deviceId } : {}));
    },
    refresh: async (credential, _endpoints, signal) => oauthCredential(oauth.name, "refresh", await oauth.refresh(credential, signal)),
    async toAuth(credential) {
      const auth = await oauth.toAuth(credential);
      const apiKey = typeof auth?.apiKey === "string" && auth.apiKey !== "" ? auth.apiKey : undefined;
      // as in pi, the request sends the login's headers (a `null` one is pi's "leave out", which a request lacks anyway)
      const headers = Object.fromEntries(Object.entries(auth?.headers ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const hasHeaders = Object.keys(headers).length > 0;
      if (!apiKey && !hasHeaders) throw new PithError("NO_API_KEY", `The ${oauth.name} login gave neither an API key nor headers (its toAuth resolved ${JSON.stringify(auth)}).`);
      return { ...(apiKey ? { apiKey } : {}), ...(hasHeaders ? { headers } : {}), ...(auth.baseUrl ? { baseUrl: auth.baseUrl } : {}) };
    },
  };
}

/** The provider's API key sign-in: what it returns is auth.json's `{"type": "api_key", ...}` entry. */
export function nativeApiKeyLogin(name: string, login: NativeApiKeyLogin): ApiKeyLogin {
  return async (conversation) => {
    const credential = (await login(interactionOver(conversation))) as Record<string, unknown> | undefined;
    if (typeof credential?.key !== "string" || credential.key === "") throw new PithError("OAUTH_SIGN_IN_FAILED", `The ${name} API key sign-in returned no key.`);
    return { ...credential, type: "api_key" };
  };
}
