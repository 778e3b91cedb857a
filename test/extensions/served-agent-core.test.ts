// pi-agent-core 1.6.0's runtime (`Agent`, the loop functions, `runToolCall`, the default stream function,
// `streamProxy`) as pith serves it behaves as pi's: every script of agent-core-scenarios.ts runs in pi (its served
// module under Node 22) and in pith (through an extension's command, in a session whose providers answer the
// model calls), both against the mock LLM with the same replies, and what each returns must be equal once the
// values that must differ (times, durations) are dropped.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { SCENARIOS } from "./agent-core-scenarios.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

// times and durations; the ids of the mock's responses; what pith's provider plugins report beyond or short of
// pi-ai's (usage's optional counts, diagnostics: docs/compatibility.md, "Provider requests")
const VOLATILE = new Set(["timestamp", "durationMs", "responseId", "diagnostics", "cacheWrite1h", "reasoning", "totalFromProvider"]);

/** pith words a schema check's problems its own way (docs/compatibility.md, "Extensions: served modules"). */
const VALIDATION = /^(Validation failed for tool "[^"]+":)\n[^]*$/;

/** A copy without the keys whose values must differ between two runs. */
function comparable(value: unknown): unknown {
  if (typeof value === "string") return value.replace(VALIDATION, "$1 ...");
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !VOLATILE.has(key)).map(([key, inner]) => [key, comparable(inner)]));
}

// What a script records of an event, as JSON when it happens. The mock LLM's message_update events are left out:
// they are the stream function's (pi-ai's providers in pi, pith's provider plugins in pith), and pi-ai's partial
// reply is a live object a listener reads after later deltas changed it, with an empty tool-call delta first.
// The script with a stream function of its own compares every update.
const RECORD_ALL = `(event) => JSON.parse(JSON.stringify(event.type === "message_update" ? { ...event, assistantMessageEvent: { ...event.assistantMessageEvent, partial: undefined } } : event))`;
const RECORD = `(event) => (event.type === "message_update" ? null : (${RECORD_ALL})(event))`;

const PROXY_EVENTS = [
  { type: "start" },
  { type: "text_start", contentIndex: 0 },
  { type: "text_delta", contentIndex: 0, delta: "Calling " },
  { type: "text_end", contentIndex: 0, contentSignature: "sig" },
  { type: "toolcall_start", contentIndex: 1, id: "p1", toolName: "add" },
  { type: "toolcall_delta", contentIndex: 1, delta: '{"a": 1, "b"' },
  { type: "toolcall_delta", contentIndex: 1, delta: ": 2}" },
  { type: "toolcall_end", contentIndex: 1, toolCall: { type: "toolCall", id: "p1", name: "add", arguments: { a: 1, b: 2 } } },
  { type: "done", reason: "toolUse", usage: { input: 3, output: 4, cacheRead: 0, cacheWrite: 0, totalTokens: 7, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } } },
];

/** pi's proxy server, as the scripts need it: a good stream, a refused token, a stream that stops early. */
function startProxy(received: unknown[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url, authorization: request.headers.authorization, body: JSON.parse(body) as unknown });
      const token = request.headers.authorization?.slice("Bearer ".length);
      if (token === "bad") {
        response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unknown token" }));
        return;
      }
      const events = token === "drop" ? PROXY_EVENTS.slice(0, 3) : PROXY_EVENTS;
      response.writeHead(200, { "content-type": "text/event-stream" });
      // the last event without its newline, as pi's client allows
      response.end(events.map((event) => `data: ${JSON.stringify(event)}`).join("\n"));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let world: World;
let mock: MockLlm;
let proxy: Server;
const proxied: { pi: unknown[]; pith: unknown[] } = { pi: [], pith: [] };
/** what the requests asked for: thinking and its budget (Anthropic), the output room (all); pi's Anthropic client adds `?beta=true` */
const asked = (mock: MockLlm) =>
  mock.requests.splice(0).map((request) => ({ path: request.path.split("?")[0], thinking: request.body.thinking, maxTokens: request.body.max_tokens ?? request.body.max_completion_tokens }));
const requests: { pi: ReturnType<typeof asked>; pith: ReturnType<typeof asked> } = { pi: [], pith: [] };
let piResults: unknown[];
let pithResults: unknown[];

const modelOn = (url: string) => ({
  id: "mock-model", name: "Mock", api: "openai-completions", provider: "mock", baseUrl: `${url}/v1`, reasoning: false,
  input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 100000, maxTokens: 1000,
});
const thinkingModelOn = (url: string) => ({ ...modelOn(url), id: "claude-3-7-sonnet-20250219", api: "anthropic-messages", baseUrl: url, reasoning: true, maxTokens: 8000 });
const scripts = `[${SCENARIOS.map((scenario) => scenario.source).join(",\n")}]`;
const enqueueAll = () => mock.enqueue(...SCENARIOS.flatMap((scenario) => scenario.replies));

beforeAll(async () => {
  world = await createWorld();
  mock = await startMockLlm();
  const received: unknown[] = [];
  proxy = await startProxy(received);
  const env = `{ model: ${JSON.stringify(modelOn(mock.url))}, thinkingModel: ${JSON.stringify(thinkingModelOn(mock.url))}, key: "test-key", proxyUrl: "http://127.0.0.1:${(proxy.address() as AddressInfo).port}", record: ${RECORD}, recordAll: ${RECORD_ALL}, ai }`;

  enqueueAll();
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     const core = VIRTUAL_MODULES["@earendil-works/pi-agent-core"];
     const ai = VIRTUAL_MODULES["@earendil-works/pi-ai"];
     const env = ${env};
     const results = [];
     for (const run of ${scripts}) results.push(await run(core, env));
     process.stdout.write(JSON.stringify(results));`,
  );
  piResults = JSON.parse(output) as unknown[];
  proxied.pi = received.splice(0);
  requests.pi = asked(mock);

  enqueueAll();
  const path = await world.write(
    "ext/agent-core.ts",
    `import * as core from "@earendil-works/pi-agent-core";
     import * as ai from "@earendil-works/pi-ai";
     export default function (pi: any) {
       pi.registerCommand("scenarios", { handler: async () => {
         const env = ${env};
         const results = [];
         for (const run of ${scripts} as any[]) results.push(await run(core, env));
         (globalThis as any).__agentCoreResults = JSON.parse(JSON.stringify(results));
       } });
     }`,
  );
  const started = await startSession(world, { paths: [path] });
  await started.session.prompt("/scenarios");
  expect(messagesOf(started.problems)).toEqual([]);
  pithResults = (globalThis as { __agentCoreResults?: unknown[] }).__agentCoreResults!;
  proxied.pith = received.splice(0);
  requests.pith = asked(mock);
  await started.session.dispose();
}, 240_000);

afterAll(async () => {
  await mock?.close();
  proxy?.close();
  await world?.close();
});

describe("pi-agent-core's runtime in pith behaves as pi 1.6.0's", () => {
  it.each(SCENARIOS.map((scenario, index) => [scenario.name, index] as const))("%s", (_name, index) => {
    expect(comparable(pithResults[index])).toEqual(comparable(piResults[index]));
  });

  it("the requests carry the Agent's thinking budget and what onPayload put in", () => {
    expect(requests.pi.filter((request) => request.path === "/v1/messages")).toEqual([
      { path: "/v1/messages", thinking: { type: "enabled", budget_tokens: 3000, display: "summarized" }, maxTokens: expect.any(Number) },
    ]);
    expect(requests.pi.filter((request) => request.maxTokens === 77)).toHaveLength(1);
    expect(requests.pith).toEqual(requests.pi);
  });

  it("streamProxy sends the proxy the same requests", () => {
    expect(proxied.pith).toEqual(proxied.pi);
  });
});
