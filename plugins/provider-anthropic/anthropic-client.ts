// The Anthropic SDK, imported on first use (it costs tens of milliseconds at start-up) and one client per
// endpoint, key and header set. Retries are the retry plugin's job, so the SDK never retries.
import type { BaseAnthropic, ClientOptions } from "@anthropic-ai/sdk/client";
import type { Messages } from "@anthropic-ai/sdk/resources/messages/messages";
import type { StreamRequest } from "../../kernel/index.js";
import { COPILOT_PROVIDER, ClientCache, clientIdentityHeaders, mergeHeaders, sdkClientOptions } from "../../lib/provider-kit/index.js";
import { SUBSCRIPTION_HEADERS, isSubscriptionToken } from "./anthropic-subscription.js";

/**
 * The SDK's base client with only the Messages resource: the full client also loads every other API (batches,
 * files, models, beta, webhooks…), three times the code to compile for nothing pith calls. The CLI's copy of the
 * SDK holds only the names taken here (build/vendor-modules.mjs lists them).
 */
async function loadMessagesClient(): Promise<MessagesClientClass> {
  const [{ BaseAnthropic }, messagesModule] = await Promise.all([
    import("@anthropic-ai/sdk/client"),
    import("@anthropic-ai/sdk/resources/messages/messages"),
  ]);
  class MessagesClient extends BaseAnthropic {
    messages = new messagesModule.Messages(this);
    // pith hands every client its credential (x-api-key in the headers, or a Bearer token); without this the SDK
    // would look for another one in the user's Anthropic config files and credential helpers, and add it.
    protected override _shouldResolveDefaultCredentials(): boolean {
      return false;
    }
  }
  return MessagesClient;
}

export interface AnthropicMessagesClient {
  messages: Messages;
  /** the SDK's raw request, for a streamed body (see anthropic-stream.ts) */
  post: BaseAnthropic["post"];
}
/** The API version pi 1.6.0's requests name, which every Anthropic-compatible endpoint knows. */
const ANTHROPIC_VERSION = "2023-06-01";

type MessagesClientClass = new (options: ClientOptions) => AnthropicMessagesClient;

let sdk: Promise<MessagesClientClass> | undefined;
const clients = new ClientCache<AnthropicMessagesClient>();

export async function anthropicClient(request: StreamRequest): Promise<AnthropicMessagesClient> {
  const AnthropicClient = await (sdk ??= loadMessagesClient());
  const subscription = isSubscriptionToken(request.apiKey);
  // A subscription token, and Copilot's, is a Bearer token; an API key goes in x-api-key as pi sends it (the SDK
  // would send it as a Bearer token, which Anthropic-compatible gateways do not all take).
  const bearer = subscription || request.model.provider === COPILOT_PROVIDER;
  const wire = { "anthropic-version": ANTHROPIC_VERSION, ...(request.apiKey && !bearer ? { "x-api-key": request.apiKey } : {}) };
  const headers = mergeHeaders(clientIdentityHeaders(request), wire, subscription ? SUBSCRIPTION_HEADERS : undefined, request.model.headers, request.headers);
  const identity = { baseUrl: request.model.baseUrl, apiKey: request.apiKey, headers };
  return clients.get(identity, () => {
    const options = sdkClientOptions(request, headers);
    return new AnthropicClient(bearer ? { ...options, apiKey: null, authToken: request.apiKey } : { ...options, apiKey: null, authToken: null });
  });
}
