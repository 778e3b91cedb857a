// A provider and a tool written inline, with nothing but the kernel, for kernel tests.
import { type AssistantMessageEvent, type Model, type PithPlugin, type ProviderApi, type StreamRequest, type ToolDefinition } from "../../kernel/index.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/index.js";

export type InlineTurn =
  | { text: string }
  | { toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[] }
  | { error: string; status?: number };

export const inlineModel: Model = {
  id: "inline-1",
  name: "Inline",
  api: "inline",
  provider: "inline",
  baseUrl: "",
  reasoning: false,
  input: ["text"],
  cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 100_000,
  maxTokens: 4096,
};

export function inlineProvider(turns: InlineTurn[]): { provider: ProviderApi; requests: StreamRequest[] } {
  const requests: StreamRequest[] = [];
  const provider: ProviderApi = {
    api: "inline",
    async *stream(request): AsyncIterable<AssistantMessageEvent> {
      requests.push(request);
      const builder = new AssistantMessageBuilder(request.model);
      yield builder.start();
      const turn = turns.shift();
      if (!turn) {
        yield builder.fail("error", "no turn scripted");
        return;
      }
      if ("error" in turn) {
        yield builder.fail("error", turn.error, { kind: "http", status: turn.status });
        return;
      }
      if ("text" in turn) {
        const { index, event } = builder.textStart();
        yield event;
        for (const word of turn.text.split(/(?= )/)) yield builder.textDelta(index, word);
        yield builder.textEnd(index);
        builder.setUsage({ input: 10, output: 5 });
        yield builder.done("stop");
        return;
      }
      for (const call of turn.toolCalls) {
        const { index, event } = builder.toolCallStart(call.id, call.name);
        yield event;
        yield builder.toolCallDelta(index, JSON.stringify(call.arguments));
        yield builder.toolCallEnd(index);
      }
      builder.setUsage({ input: 10, output: 5 });
      yield builder.done("toolUse");
    },
  };
  return { provider, requests };
}

export const echoTool: ToolDefinition<{ text: string }> = {
  name: "echo",
  description: "Echo text back",
  parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
  async execute(args) {
    return { content: [{ type: "text", text: `echo: ${args.text}` }], details: { length: args.text.length } };
  },
};

export function inlinePlugin(provider: ProviderApi, tools: ToolDefinition[] = [echoTool]): PithPlugin {
  return {
    name: "inline",
    setup(context) {
      context.registerProvider(provider);
      for (const tool of tools) context.registerTool(tool as ToolDefinition);
    },
  };
}
