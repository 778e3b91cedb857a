// The source of an extension that registers provider `raw-demo` (model `raw-one`, api `raw-api`) served by a
// `streamSimple` of the test's own, for tests of what pith hands such a stream function, beside pi 1.6.0. The stream
// function's source may use `log(entry)` (a JSON line appended to $SEEN) and `reply(model, text)` (a finished
// assistant message); `more` runs in the extension's factory, with `pi` in scope.
export function rawProviderExtension(streamSimpleSource: string, more = ""): string {
  return `
import { appendFileSync } from "node:fs";
import { createAssistantMessageEventStream } from "@earendil-works/pi-ai";
const log = (entry) => appendFileSync(process.env.SEEN, JSON.stringify(entry) + "\\n");
const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const reply = (model, text) => ({ role: "assistant", content: [{ type: "text", text }], api: model.api, provider: model.provider, model: model.id, usage, stopReason: "stop", timestamp: Date.now() });
${streamSimpleSource}
export default function (pi) {
  pi.registerProvider("raw-demo", {
    baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", api: "raw-api", streamSimple,
    models: [{ id: "raw-one", name: "Raw One", reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 8000, maxTokens: 1000 }],
  });
  ${more}
}
`;
}
