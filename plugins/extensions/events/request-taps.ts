// pi's events around one model request, in the order pi fires them: context, context_with_system,
// before_provider_headers, before_provider_request, after_provider_response, provider_stream_event.
//   context                  the conversation without system messages; a changed list replaces it, and the system
//                            messages come back as one replayed message at its head (pi restores them the same way)
//   context_with_system      the whole request as pi's transcript: the conversation's own system messages (the
//                            leading one and the prompt and tool patches after it) where they declare the request's
//                            prompt and tools, else those as one leading system message; what the handler returns is
//                            sent (its system messages give prompt and tools)
//   before_provider_headers  `headers` changed in place, `null` removes one
//   before_provider_request  any value replaces the payload
//   after_provider_response / provider_stream_event   observed
import { PithError, type AgentMessage, type ToolSpec } from "../../../kernel/index.js";
import { createInitialSystemMessage, getCurrentSystemMessage, getCurrentSystemPrompt, getCurrentTools } from "../shims/pi-ai/pi-ai-transcript.js";
import type { ContextEventResult, ExtensionEventName } from "../contract/types.js";
import { catchUp, type Tap } from "./tap.js";
import { isVirtualModel } from "../../models/virtual-models.js";

const isSystem = (message: AgentMessage) => (message as { role?: string }).role === "system";

/**
 * Whether the conversation's system messages (pith's own, or a resumed pi session's) declare exactly the request's
 * prompt and tools; a run's forced prompt (before_agent_start's `systemPrompt`) is not among them.
 */
function declaresRequest({ messages, systemPrompt, tools }: { messages: readonly AgentMessage[]; systemPrompt: string; tools: readonly ToolSpec[] }): boolean {
  const names = (list: readonly { name: string }[]) => list.map((tool) => tool.name).sort().join("\n");
  return getCurrentSystemPrompt(messages) === systemPrompt && names(getCurrentTools(messages) as { name: string }[]) === names(tools);
}

function sameMessages(left: readonly AgentMessage[], right: readonly AgentMessage[]): boolean {
  return left.length === right.length && left.every((message, index) => message === right[index]);
}

export const REQUEST_TAPS: Partial<Record<ExtensionEventName, (tap: Tap) => void>> = {
  context: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("context", async (state) => {
      runtime.currentSignal = state.signal;
      await catchUp(runtime);
      const visible = state.messages.filter((message) => !isSystem(message));
      const snapshot = visible.slice();
      const result = await call<ContextEventResult>({ type: "context", messages: visible }, state.signal);
      // a handler may return a new list or edit the one it was given in place
      const returned = Array.isArray(result?.messages) ? result.messages : sameMessages(visible, snapshot) ? undefined : visible;
      if (!returned || sameMessages(returned, snapshot)) return undefined;
      const head = getCurrentSystemMessage(state.messages) as AgentMessage | undefined;
      return { ...state, messages: head ? [head, ...returned] : returned };
    }),

  context_with_system: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("context_with_system", async (state) => {
      await catchUp(runtime);
      const stored = state.messages[0] && isSystem(state.messages[0]) && declaresRequest(state) ? state.messages : undefined;
      const head = (stored?.[0] ?? createInitialSystemMessage(state.systemPrompt, state.tools)) as AgentMessage | undefined;
      const transcript = stored ? [...stored] : [...(head ? [head] : []), ...state.messages.filter((message) => !isSystem(message))];
      const result = await call<ContextEventResult>({ type: "context_with_system", messages: transcript }, state.signal);
      if (!Array.isArray(result?.messages)) return undefined;
      const messages = result.messages;
      if (head && !isSystem(messages[0] ?? ({} as AgentMessage))) {
        runtime.report(
          new PithError(
            "EXTENSION_ERROR",
            `${record.owner} failed in context_with_system: it removed the leading system message, so the request has no system prompt or tools; keep it at index 0`,
            { plugin: record.owner, hook: "context_with_system" },
          ),
        );
      }
      return {
        ...state,
        messages: messages.filter((message) => !isSystem(message)),
        systemPrompt: getCurrentSystemPrompt(messages),
        tools: getCurrentTools(messages) as ToolSpec[],
      };
    }),

  before_provider_headers: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("before_provider_headers", async (event) => {
      // A virtual model's request takes its headers again once routed: handlers see the physical request only.
      if (isVirtualModel(event.model)) return;
      await catchUp(runtime);
      await call({ type: "before_provider_headers", headers: event.headers });
    }),

  before_provider_request: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("before_provider_request", async (state) => {
      await catchUp(runtime);
      const payload = await call<unknown>({ type: "before_provider_request", payload: state.payload });
      return payload === undefined ? undefined : { ...state, payload };
    }),

  after_provider_response: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("after_provider_response", async (response) => {
      await catchUp(runtime);
      await call({ type: "after_provider_response", status: response.status, headers: response.headers });
    }),

  provider_stream_event: ({ runtime, record, call }) =>
    runtime.pluginContextFor(record).on("provider_stream_event", async ({ model, data }) => {
      await call({ type: "provider_stream_event", provider: model.provider, api: model.api, model: model.id, data });
    }),
};
