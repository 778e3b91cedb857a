// One model call as the loop asks for it: the provider of the model's api, the key from `resolve_auth`, the
// provider messages, the active tools, and the payload and response hooks. A missing provider or a refused key
// becomes an error reply, like any provider failure.
import type { ConvertToLlm } from "./convert-to-llm.js";
import { renderedSections } from "./system-prompt-state.js";
import { PithError, errorMessage } from "./errors.js";
import { failedReply, type AgentMessage, type Message, type SystemMessage, type ToolSpec } from "./messages.js";
import type { Model, ThinkingLevel } from "./model.js";
import type { AssistantMessageEvent, StreamRequest } from "./provider.js";
import { isTapped, type KernelHooks, type ResolvedAuth } from "./hooks.js";
import type { KernelRegistry } from "./registry.js";
import type { ToolDefinition } from "./tool.js";

/** What a model call reads of its session. */
export interface ProviderCallSession {
  readonly hooks: KernelHooks;
  readonly registry: KernelRegistry;
  readonly systemPrompt: string;
  readonly systemPromptSections: Readonly<Record<string, string>>;
  readonly thinkingLevel: ThinkingLevel;
  readonly sessionId: string;
  readonly convertToLlm: ConvertToLlm;
  activeToolNames(): string[];
}

export async function* streamFromProvider(session: ProviderCallSession, model: Model, messages: AgentMessage[], signal: AbortSignal): AsyncIterable<AssistantMessageEvent> {
  const { hooks, registry } = session;
  const provider = registry.providers.get(model.api);
  let auth: ResolvedAuth | undefined;
  try {
    if (!provider) throw new PithError("NO_PROVIDER", `No provider plugin handles the "${model.api}" API.`);
    auth = isTapped(hooks.resolve_auth) ? await hooks.resolve_auth.promise({ model, signal }) : undefined;
  } catch (error) {
    yield authFailure(model, errorMessage(error));
    return;
  }
  let tools: ToolSpec[] = session.activeToolNames().map((name) => {
    const tool = registry.tools.get(name) as ToolDefinition;
    const { description, parameters, constrainedSampling } = tool;
    return constrainedSampling ? { name: tool.name, description, parameters, constrainedSampling } : { name: tool.name, description, parameters };
  });
  let systemPrompt = session.systemPrompt;
  if (isTapped(hooks.context_with_system)) {
    ({ messages, systemPrompt, tools } = await hooks.context_with_system.promise({ messages, systemPrompt, tools, model, signal }));
  }
  const credentials = await applyAuth(hooks, model, auth);
  const options = isTapped(hooks.stream_options) ? await hooks.stream_options.promise({ model }) : undefined;
  const request: StreamRequest = {
    // the stream options under the credentials, whose model (its endpoint) wins
    ...options,
    ...credentials,
    systemPrompt,
    // not when a run's `before_agent_start` or a `context_with_system` handler replaced the text
    ...(systemPrompt === renderedSections(session.systemPromptSections) ? { systemPromptSections: session.systemPromptSections } : {}),
    ...providerMessages(session.convertToLlm, messages),
    tools,
    thinkingLevel: session.thinkingLevel,
    sessionId: session.sessionId,
    signal,
    onPayload: isTapped(hooks.before_provider_request)
      ? async (payload) => (await hooks.before_provider_request.promise({ payload, model })).payload
      : undefined,
    onResponse: isTapped(hooks.after_provider_response) ? (response) => hooks.after_provider_response.promise(response) : undefined,
    onStreamEvent: isTapped(hooks.provider_stream_event) ? (data) => hooks.provider_stream_event.promise({ model, data }) : undefined,
  };
  if (isTapped(hooks.model_request)) hooks.model_request.call({ request });
  yield* provider.stream(request);
}

/**
 * What a resolved credential makes of a request to `model`: the key, the credential's own endpoint in place of the
 * model's `baseUrl`, and the headers (the model's, then the credential's) as the `before_provider_headers` handlers
 * leave them. Every request a plugin sends again (a cache refresh) takes its credential the same way.
 */
export async function applyAuth(hooks: KernelHooks, model: Model, auth: ResolvedAuth | undefined): Promise<Pick<StreamRequest, "model" | "apiKey" | "headers">> {
  let headers: Record<string, string | null> | undefined = auth?.headers;
  if (isTapped(hooks.before_provider_headers)) {
    headers = { ...model.headers, ...auth?.headers };
    await hooks.before_provider_headers.promise({ headers, model });
  }
  return { model: auth?.baseUrl ? { ...model, baseUrl: auth.baseUrl } : model, apiKey: auth?.apiKey, headers };
}

/** The reply when no provider or key could be had: an error reply like a provider's, marked as an auth problem. */
function authFailure(model: Model, message: string): AssistantMessageEvent {
  const reply = failedReply("error", message, undefined, model);
  reply.diagnostics = [{ type: "provider_error", timestamp: reply.timestamp, error: { message }, details: { kind: "auth" } }];
  return { type: "error", reason: "error", error: reply };
}

/** The turns as providers get them, and the system messages between them where they stand. */
function providerMessages(convert: ConvertToLlm, messages: readonly AgentMessage[]): Pick<StreamRequest, "messages" | "systemMessages"> {
  const systemAt: number[] = [];
  for (const [index, message] of messages.entries()) if (message.role === "system") systemAt.push(index);
  if (systemAt.length === 0) return { messages: convert(messages) };
  const converted: Message[] = [];
  const append = (from: number, to?: number) => convert(messages.slice(from, to)).forEach((message) => converted.push(message));
  const systemMessages = systemAt.map((at, i) => {
    append(i === 0 ? 0 : systemAt[i - 1]! + 1, at);
    return { before: converted.length, message: messages[at] as SystemMessage };
  });
  append(systemAt.at(-1)! + 1);
  return { messages: converted, systemMessages };
}
