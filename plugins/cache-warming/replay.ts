// A refresh goes the way every model request goes: the provider plugin of the model's api, a key resolved now
// through `resolve_auth` (a sign-in token may have been renewed since), the headers through
// `before_provider_headers`, and the request's own payload, response and stream hooks. Only the output cap (one
// token), `disableContinuation` and the signal differ from the request it repeats; the conversation never sees it.
import { PithError, applyAuth, failedReply, isTapped, type AssistantMessage, type Model, type PluginContext, type StreamRequest } from "../../kernel/index.js";

export async function replayRequest(
  context: Pick<PluginContext, "getProvider" | "hooks">,
  model: Model,
  request: StreamRequest,
  signal: AbortSignal,
): Promise<AssistantMessage> {
  const provider = context.getProvider(model.api);
  if (!provider) throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API of ${model.provider}/${model.id}.`);
  const { hooks } = context;
  const auth = isTapped(hooks.resolve_auth) ? await hooks.resolve_auth.promise({ model, signal }) : undefined;
  const refresh: StreamRequest = {
    ...request,
    ...(await applyAuth(hooks, model, auth)),
    maxTokens: 1,
    // a refresh's reply is not the conversation's: the next real request must not build on it (Anthropic threads)
    disableContinuation: true,
    signal,
  };
  let final: AssistantMessage | undefined;
  for await (const event of provider.stream(refresh)) {
    if (event.type === "done") final = event.message;
    else if (event.type === "error") final = event.error;
  }
  return final ?? failedReply("error", "The provider's stream ended without a final event", undefined, model);
}
