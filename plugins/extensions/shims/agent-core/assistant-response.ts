// One model call of pi-agent-core 1.6.0's loop: the transcript through `transformContext` and `convertToLlm`, the
// key from `getApiKey` (asked before every call, for expiring tokens), the stream function's events as
// message_start / message_update / message_end. The partial reply sits in the context while it streams and is
// replaced by the final one, which records the thinking level asked for.
import type { AssistantMessage, Message } from "../../../../kernel/index.js";
import { mergeClientIdentity } from "../pi-ai/pi-ai-helpers.js";
import { normalizeContext } from "../pi-ai/pi-ai-transcript.js";
import { PI_ATTRIBUTION } from "../pi-ai/pi-ai-utils.js";
import type { AgentContext, AgentEventSink, AgentLoopConfig, StreamFn } from "./types.js";

type ClientIdentity = NonNullable<Parameters<typeof mergeClientIdentity>[0]>;

/** The identity pi's agent loops declare to providers (here pith's), under the caller's `identity`. */
export const DEFAULT_AGENT_IDENTITY: ClientIdentity = Object.freeze({ attribution: { ...PI_ATTRIBUTION, categories: [...PI_ATTRIBUTION.categories] } });

export async function streamAssistantResponse(
  context: AgentContext,
  config: AgentLoopConfig,
  signal: AbortSignal | undefined,
  emit: AgentEventSink,
  streamFn: StreamFn,
): Promise<AssistantMessage> {
  const messages = config.transformContext ? await config.transformContext(context.messages, signal) : context.messages;
  const llmMessages: Message[] = await config.convertToLlm(messages);
  const apiKey = (config.getApiKey ? await config.getApiKey(config.model.provider) : undefined) || (config.apiKey as string | undefined);
  const response = await streamFn(config.model, normalizeContext({ messages: llmMessages }), {
    ...config,
    apiKey,
    identity: mergeClientIdentity(DEFAULT_AGENT_IDENTITY, config.identity as ClientIdentity | undefined),
    signal,
  });
  const final = async (): Promise<AssistantMessage> => Object.assign(await response.result(), { thinkingLevel: config.reasoning ?? "off" });
  let streaming = false;
  const settle = async (): Promise<AssistantMessage> => {
    const message = await final();
    if (streaming) context.messages[context.messages.length - 1] = message;
    else {
      context.messages.push(message);
      await emit({ type: "message_start", message: { ...message } });
    }
    await emit({ type: "message_end", message });
    return message;
  };
  for await (const event of response) {
    if (event.type === "done" || event.type === "error") return settle();
    if (event.type === "start") {
      streaming = true;
      context.messages.push(event.partial);
      await emit({ type: "message_start", message: { ...event.partial } });
    } else if (streaming) {
      context.messages[context.messages.length - 1] = event.partial;
      await emit({ type: "message_update", assistantMessageEvent: event, message: { ...event.partial } });
    }
  }
  return settle();
}
