// A provider of one's own: a plugin brings a wire protocol the kernel did not know ("echo-v1", standing in
// for an in-house gateway) and registers its models with the models service, with the same fields a
// models.json entry has. Runs without a network or an API key.
//
// For a server that speaks a protocol pith already has (OpenAI- or Anthropic-compatible), no code is needed:
// add the provider to ~/.pi/agent/models.json instead (see docs/providers.md).
import { AssistantMessageBuilder, createPithSession, definePlugin, messageText, type ProviderApi } from "pith";

const echoApi: ProviderApi = {
  api: "echo-v1",
  // Providers never throw: failures end the stream with builder.fail(...).
  async *stream(request) {
    const reply = new AssistantMessageBuilder(request.model);
    yield reply.start();
    const last = request.messages.at(-1);
    const { index, event } = reply.textStart();
    yield event;
    for (const word of `You said: ${last ? messageText(last) : "nothing"}`.split(/(?<= )/)) {
      if (request.signal.aborted) {
        yield reply.fail("aborted", "Request was aborted");
        return;
      }
      yield reply.textDelta(index, word);
    }
    yield reply.textEnd(index);
    reply.setUsage({ input: 10, output: 5 });
    yield reply.done("stop");
  },
};

const echoProvider = definePlugin({
  name: "echo-provider",
  setup(context) {
    context.registerProvider(echoApi);
    context.use("models").registerProvider("echo", {
      api: "echo-v1",
      baseUrl: "http://localhost/echo", // not used by echo-v1; a real gateway reads it from request.model
      apiKey: "none",
      models: [{ id: "echo-1", name: "Echo 1", contextWindow: 32_000, maxTokens: 1024, cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } }],
    });
  },
});

const session = await createPithSession({ plugins: [echoProvider], model: "echo/echo-1", noSession: true, noTools: true });
await session.prompt("Hello, echo!");
console.log(session.getLastAssistantText());
console.log(`model: ${session.model?.provider}/${session.model?.id}, cost: $${session.getSessionStats().cost.toFixed(6)}`);
await session.dispose();
