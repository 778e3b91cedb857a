// Signing in and out, for the CLI (`pith auth login`) and the interactive UI (/login) alike: the provider's flow
// talks to the user through a SignInConversation, and the credential lands in auth.json in pi's shape.
import { PithError } from "../../kernel/index.js";
import { modifyAuthEntry } from "./auth-store.js";
import { signInEndpoints } from "./protocol/endpoints.js";
import { loadSubscriptionFlow } from "./flows.js";
import type { SignInConversation, SubscriptionFlow } from "./types.js";

export interface SignInOptions {
  provider: string;
  authPath: string;
  conversation: SignInConversation;
  env?: NodeJS.ProcessEnv;
  /** the provider's API as models.json sets it (Copilot's model list is read there) */
  apiBaseUrl?: string;
  /** the sign-in to run, when it is not one of pith's own (an extension's) */
  flow?: SubscriptionFlow;
  /** this installation's id (settings.json `deviceId`, made when first asked for) */
  deviceId?(): Promise<string>;
}

/** Runs the provider's subscription sign-in and saves the login; resolves with the flow's display name. */
export async function signInAndSave(options: SignInOptions): Promise<string> {
  const { provider, conversation } = options;
  const flow = options.flow ?? (await loadSubscriptionFlow(provider));
  if (!flow) throw new PithError("OAUTH_SIGN_IN_FAILED", `pith has no subscription sign-in for "${provider}"; save an API key instead.`);
  const endpoints = signInEndpoints(provider, options.env, options.apiBaseUrl);
  if (endpoints.override) {
    conversation.show({ type: "progress", message: `Signing in through ${endpoints.override.value} (${endpoints.override.variable} is set).` });
  }
  const credential = await flow.login(conversation, endpoints, {
    deviceId:
      options.deviceId ?? (() => Promise.reject(new PithError("OAUTH_SIGN_IN_FAILED", `The ${flow.name} sign-in needs this installation's id, which this caller cannot give.`))),
  });
  await modifyAuthEntry(options.authPath, provider, async () => credential, conversation.signal);
  return flow.name;
}

/** Saves `{"type": "api_key", "key": key}` for the provider. */
export async function saveApiKey(authPath: string, provider: string, key: string, signal?: AbortSignal): Promise<void> {
  if (key.trim() === "") throw new PithError("OAUTH_SIGN_IN_CANCELLED", "No API key was given; nothing was saved.");
  await modifyAuthEntry(authPath, provider, async () => ({ type: "api_key", key: key.trim() }), signal);
}

/** Removes the provider's entry; resolves with the type it had, or undefined when there was none. */
export async function signOut(authPath: string, provider: string, signal?: AbortSignal): Promise<string | undefined> {
  let removed: string | undefined;
  await modifyAuthEntry(
    authPath,
    provider,
    async (current) => {
      if (!current) return undefined;
      removed = typeof current.type === "string" ? current.type : "unknown";
      return null;
    },
    signal,
  );
  return removed;
}
