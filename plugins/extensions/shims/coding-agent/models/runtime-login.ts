// A served `ModelRuntime`'s `login` and `logout`: pi-ai's `AuthInteraction` (prompts and notices) as pith's sign-in
// conversation, and the credential saved to the runtime's auth.json as `/login` saves it: a subscription through its
// sign-in flow (pith's own or an extension's), an API key through the provider's own questions or one prompt.
import { PithError } from "../../../../../kernel/index.js";
import { saveApiKey, signInAndSave, signOut } from "../../../../../lib/oauth/sign-in.js";
import type { SignInConversation } from "../../../../../lib/oauth/types.js";
import { modifyAuthEntry } from "../../../../../lib/oauth/auth-store.js";
import type { ModelRegistry } from "../../../../models/registry.js";
import { readAuthFile } from "../../../../models/config-files/auth-file.js";

type AuthPrompt = { type: "text" | "secret" | "select"; message: string; placeholder?: string; options?: readonly { id: string; label: string }[]; signal?: AbortSignal };

/** pi-ai's `AuthInteraction` */
export interface AuthInteraction {
  signal?: AbortSignal;
  prompt(prompt: AuthPrompt): Promise<string>;
  notify(event: Record<string, unknown>): void;
}

function conversationOver(interaction: AuthInteraction, signal: AbortSignal): SignInConversation {
  return {
    signal,
    show(notice) {
      if (notice.type === "open_url") interaction.notify({ type: "auth_url", url: notice.url, instructions: notice.instructions });
      else if (notice.type === "device_code") interaction.notify({ type: "device_code", verificationUri: notice.url, userCode: notice.code });
      else interaction.notify({ type: "progress", message: notice.message });
    },
    choose: (message, choices, ask) => interaction.prompt({ type: "select", message, options: choices, ...(ask ? { signal: ask } : {}) }),
    ask: (message, placeholder, ask) => interaction.prompt({ type: "text", message, ...(placeholder ? { placeholder } : {}), ...(ask ? { signal: ask } : {}) }),
  };
}

/** Signs in and saves the credential; resolves with it as auth.json now holds it. */
export async function loginWith(registry: ModelRegistry, provider: string, type: "api_key" | "oauth", interaction: AuthInteraction): Promise<Record<string, unknown>> {
  const signal = interaction.signal ?? new AbortController().signal;
  const conversation = conversationOver(interaction, signal);
  if (type === "oauth") {
    const flow = await registry.loginFlows.load(provider);
    if (!flow) throw new PithError("OAUTH_SIGN_IN_FAILED", `"${provider}" has no subscription sign-in; log in with an API key instead.`);
    await signInAndSave({ provider, authPath: registry.authJsonPath, conversation, flow, apiBaseUrl: registry.configuredBaseUrl(provider) });
  } else {
    const ownQuestions = registry.loginFlows.apiKeyLogin(provider);
    if (ownQuestions) {
      const entry = await ownQuestions(conversation);
      await modifyAuthEntry(registry.authJsonPath, provider, async () => entry, signal);
    } else {
      await saveApiKey(registry.authJsonPath, provider, await interaction.prompt({ type: "secret", message: `Enter the API key for ${registry.providerName(provider)}` }), signal);
    }
  }
  registry.reload();
  return { ...readAuthFile(registry.authJsonPath).credentials.get(provider) };
}

export async function logoutWith(registry: ModelRegistry, provider: string, signal?: AbortSignal): Promise<void> {
  await signOut(registry.authJsonPath, provider, signal);
  registry.reload();
}
