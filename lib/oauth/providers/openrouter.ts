// OpenRouter's sign-in (pi 1.6.0): PKCE through the browser, which comes back to a loopback address whose path is
// a fresh random one (OpenRouter sends no state), or the URL it ended on pasted. The code is traded for an
// ordinary, permanent OpenRouter API key, which auth.json keeps as an OAuth entry that never expires, as pi does.
import { randomUUID } from "node:crypto";
import { PithError } from "../../../kernel/index.js";
import type { SignInEndpoints } from "../protocol/endpoints.js";
import { codeFromBrowserOrPaste, listenForRedirect } from "../protocol/loopback-callback.js";
import { createPkce } from "../protocol/pkce.js";
import { requestJson, stringField } from "../protocol/token-request.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../types.js";

const AUTHORIZE_URL = "https://openrouter.ai/auth";
const KEY_URL = "https://openrouter.ai/api/v1/auth/keys";

async function login(conversation: SignInConversation, endpoints: SignInEndpoints): Promise<OAuthCredential> {
  const pkce = createPkce();
  const callback = await listenForRedirect({ provider: "OpenRouter", port: 0, path: `/oauth/callback/${randomUUID()}` });
  try {
    const url = new URL(endpoints.url(AUTHORIZE_URL));
    url.search = new URLSearchParams({ callback_url: callback.redirectUri, code_challenge: pkce.challenge, code_challenge_method: "S256" }).toString();
    conversation.show({
      type: "open_url",
      url: url.toString(),
      instructions: "Sign in in your browser. If the browser runs on another machine, paste the URL it ends on here.",
    });
    const code = await codeFromBrowserOrPaste(conversation, callback, undefined, callback.redirectUri);
    conversation.show({ type: "progress", message: "Exchanging the authorization code for an API key..." });
    const body = await requestJson(endpoints.url(KEY_URL), {
      json: { code, code_verifier: pkce.verifier, code_challenge_method: "S256" },
      signal: conversation.signal,
      purpose: "OpenRouter key exchange",
    });
    return { type: "oauth", access: stringField(body, "key", "OpenRouter key exchange"), refresh: "", expires: Number.MAX_SAFE_INTEGER };
  } finally {
    callback.close();
  }
}

export const openRouterFlow: SubscriptionFlow = {
  provider: "openrouter",
  name: "OpenRouter",
  login,
  // the key does not expire; there is nothing to refresh
  async refresh(credential) {
    if (!credential.access) throw new PithError("OAUTH_REFRESH_FAILED", "The stored OpenRouter login holds no key.");
    return credential;
  },
  toAuth: (credential) => ({ apiKey: credential.access }),
};
