// Image models side by side with pi 1.6.0: pi's own ModelRegistry (the one extensions get as ctx.modelRegistry,
// under Node 22) and pith's list the same image models by type, and the same generateImages() calls, made through
// each against the mock server with OpenRouter moved there by models.json, send the same path, headers and body and
// give the same result (base64 image blocks, usage and cost; errors and aborts as results, never rejections).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelRegistryView } from "../../plugins/extensions/context/model-registry-view.js";
import type { ImageModel } from "../../plugins/models/model-types.js";
import { ModelRegistry } from "../../plugins/models/registry.js";
import { startMockLlm, type MockLlm, type RecordedRequest, type ScriptedReply } from "../support/mock-llm/index.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { removeAfterTest } from "../support/temp-folders.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const ENV = { OPENROUTER_API_KEY: "or-test-key", IMAGE_TEAM: "blue" };
/** the client library's identity and the transport's, which must differ */
const VOLATILE = /^(user-agent|x-stainless-.*|content-length|host|connection|accept-encoding|accept-language|sec-fetch-mode)$/;

/** Each call: which model, what input, the mock's reply, and whether the call is aborted before it starts. */
/** `before`: failed answers the mock gives first, which `retry` (maxRetries, maxRetryDelayMs) may send again */
const CALLS: Array<{ id: string; input: unknown[]; reply: ScriptedReply; abort?: boolean; apiKey?: string; before?: ScriptedReply[]; retry?: Record<string, number> }> = [
  {
    id: "black-forest-labs/flux.2-pro",
    input: [{ type: "text", text: "A red fox in the snow, watercolor" }],
    reply: { images: [{ mimeType: "image/png", data: PNG }], usage: { input: 12, output: 1290 } },
  },
  {
    // a model answering text as well (`modalities` image and text), editing an image, cache reads priced
    id: "google/gemini-2.5-flash-image",
    input: [{ type: "text", text: "Make it night" }, { type: "image", data: PNG, mimeType: "image/png" }],
    reply: { text: "Here it is.", images: [{ mimeType: "image/webp", data: "UklGRg==" }, { mimeType: "image/png", data: PNG }], usage: { input: 300, output: 1300, cacheRead: 40, cacheWrite: 8 } },
  },
  { id: "black-forest-labs/flux.2-pro", input: [{ type: "text", text: "no credits" }], reply: { error: { status: 402, message: "Insufficient credits" } } },
  { id: "black-forest-labs/flux.2-pro", input: [{ type: "text", text: "aborted" }], reply: { text: "unused" }, abort: true },
  { id: "black-forest-labs/flux.2-pro", input: [{ type: "text", text: "own key" }], reply: { images: [{ mimeType: "image/png", data: PNG }] }, apiKey: "call-key" },
  {
    id: "black-forest-labs/flux.2-pro",
    input: [{ type: "text", text: "busy, then fine" }],
    before: [{ error: { status: 429, message: "slow down", headers: { "retry-after-ms": "10" } } }, { error: { status: 503, message: "overloaded", headers: { "retry-after-ms": "10" } } }],
    reply: { images: [{ mimeType: "image/png", data: PNG }] },
    retry: { maxRetries: 2 },
  },
  // a server asking for a longer wait than allowed ends the call at once
  { id: "black-forest-labs/flux.2-pro", input: [{ type: "text", text: "come back later" }], reply: { error: { status: 429, message: "later", headers: { "retry-after": "120" } } }, retry: { maxRetries: 2, maxRetryDelayMs: 1000 } },
  // not asked to retry: the first failure is the result
  { id: "black-forest-labs/flux.2-pro", input: [{ type: "text", text: "no retries" }], reply: { error: { status: 503, message: "overloaded" } } },
];

let mock: MockLlm;
let agentDir: string;
let piSide: { lists: Record<string, unknown>; results: Record<string, unknown>[]; requests: RecordedRequest[] };
let pithSide: { lists: Record<string, unknown>; results: Record<string, unknown>[]; requests: RecordedRequest[] };

const enqueueAll = () => mock.enqueue(...CALLS.filter((call) => !call.abort).flatMap((call) => [...(call.before ?? []), call.reply]));

async function throughPi() {
  enqueueAll();
  const output = await runOnNode22(
    `import { ModelRuntime } from "${PI16_PACKAGE}/dist/core/model-runtime.js";
     import { ModelRegistry } from "${PI16_PACKAGE}/dist/core/model-registry.js";
     const dir = ${JSON.stringify(agentDir)};
     const runtime = await ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/models.json" });
     const registry = new ModelRegistry(runtime);
     const ids = (models) => models.map((m) => (m.type ?? "chat") + ":" + m.provider + "/" + m.id);
     const lists = {
       image: ids(registry.getModelsOfType("image")),
       availableImage: ids(await registry.getAvailableOfType("image")),
       imageOfAnthropic: ids(registry.getModelsOfType("image", "anthropic")),
       chatNamesImage: ids(registry.getAll().filter((m) => m.type === "image")),
       providerAll: ids(registry.getProvider("openrouter").getAllModels()),
       flux: registry.getModelOfType("image", "openrouter", "black-forest-labs/flux.2-pro"),
       chatTwin: registry.getModelOfType("chat", "openrouter", "google/gemini-3-pro-image")?.id ?? null,
     };
     const results = [];
     for (const call of ${JSON.stringify(CALLS)}) {
       const model = registry.getModelOfType("image", "openrouter", call.id);
       const controller = new AbortController();
       if (call.abort) controller.abort();
       const options = { signal: controller.signal, headers: { "x-call": String(results.length) }, ...(call.apiKey ? { apiKey: call.apiKey } : {}), ...call.retry };
       results.push(await registry.generateImages(model, { input: call.input }, options));
     }
     process.stdout.write(JSON.stringify({ lists, results }));`,
    { env: { ...ENV, PI_OFFLINE: "1", PI_CODING_AGENT_DIR: agentDir } },
  );
  return { ...(JSON.parse(output) as { lists: Record<string, unknown>; results: Record<string, unknown>[] }), requests: mock.requests.splice(0) };
}

async function throughPith() {
  enqueueAll();
  const registry = modelRegistryView(() => new ModelRegistry({ agentDir, env: { ...ENV } }));
  const ids = (models: readonly { type?: string; provider: string; id: string }[]) => models.map((m) => `${m.type ?? "chat"}:${m.provider}/${m.id}`);
  const lists = {
    image: ids(registry.getModelsOfType("image")),
    availableImage: ids(await registry.getAvailableOfType("image")),
    imageOfAnthropic: ids(registry.getModelsOfType("image", "anthropic")),
    chatNamesImage: ids(registry.getAll().filter((m) => (m as { type?: string }).type === "image")),
    providerAll: ids(registry.getProvider("openrouter")!.getAllModels()),
    flux: registry.getModelOfType("image", "openrouter", "black-forest-labs/flux.2-pro"),
    chatTwin: registry.getModelOfType("chat", "openrouter", "google/gemini-3-pro-image")?.id ?? null,
  };
  const results: Record<string, unknown>[] = [];
  for (const call of CALLS) {
    const model = registry.getModelOfType("image", "openrouter", call.id) as ImageModel;
    const controller = new AbortController();
    if (call.abort) controller.abort();
    const options = { signal: controller.signal, headers: { "x-call": String(results.length) }, ...(call.apiKey ? { apiKey: call.apiKey } : {}), ...call.retry };
    results.push({ ...(await registry.generateImages(model, { input: call.input as never }, options)) });
  }
  return { lists, results, requests: mock.requests.splice(0) };
}

const comparable = (request: RecordedRequest | undefined) =>
  request && { path: request.path, headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => !VOLATILE.test(name))), body: request.body };

/** a result without what differs by nature: the time, and an error's wording (pith adds a code) */
const resultShape = ({ timestamp: _t, errorMessage, code: _c, ...rest }: Record<string, unknown>) => ({ ...rest, ...(errorMessage ? { failed: true } : {}) });

beforeAll(async () => {
  mock = await startMockLlm();
  agentDir = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-images-")));
  // models.json moves OpenRouter (no model list: its image models stay) and adds a header from a variable
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { openrouter: { baseUrl: `${mock.url}/v1`, headers: { "x-team": "$IMAGE_TEAM" } } } }));
  piSide = await throughPi();
  pithSide = await throughPith();
}, 180_000);

afterAll(async () => {
  await mock?.close();
});

describe("image models as pi 1.6.0 has them", () => {
  it("lists the same image models by type, none among the chat models; an upstream id has a chat and an image entry", () => {
    expect((piSide.lists.image as string[]).length).toBe(74);
    expect(pithSide.lists).toEqual(piSide.lists);
    expect(pithSide.lists.chatTwin).toBe("google/gemini-3-pro-image");
    expect(pithSide.lists.flux).toMatchObject({ type: "image", api: "openrouter-images", baseUrl: `${mock.url}/v1`, output: ["image"] });
  });

  it("sends each generateImages() request as pi does: path, headers and body", () => {
    const sent = CALLS.filter((call) => !call.abort).reduce((count, call) => count + 1 + (call.before?.length ?? 0), 0);
    expect(piSide.requests).toHaveLength(sent);
    expect(pithSide.requests).toHaveLength(sent);
    for (const [index, request] of pithSide.requests.entries()) expect(comparable(request)).toEqual(comparable(piSide.requests[index]));
    expect(pithSide.requests[0]!.headers).toMatchObject({ authorization: "Bearer or-test-key", "x-team": "blue" });
    expect(pithSide.requests[3]!.headers.authorization).toBe("Bearer call-key");
    expect(pithSide.requests[1]!.body).toMatchObject({ stream: false, modalities: ["image", "text"] });
  });

  it("gives the same results: image blocks, text, usage and cost; errors and aborts as results with a code", () => {
    expect(pithSide.results.map(resultShape)).toEqual(piSide.results.map(resultShape));
    const [first, second, refused, aborted] = pithSide.results as Array<Record<string, any>>;
    expect(first!.output).toEqual([{ type: "image", mimeType: "image/png", data: PNG }]);
    expect(second!.output.map((block: { type: string }) => block.type)).toEqual(["text", "image", "image"]);
    expect(second!.usage.cost.total).toBeGreaterThan(0);
    expect(refused).toMatchObject({ stopReason: "error", code: "IMAGE_GENERATION_FAILED" });
    expect(refused!.errorMessage).toMatch(/402/);
    expect(aborted).toMatchObject({ stopReason: "aborted", code: "IMAGE_GENERATION_ABORTED" });
    const [, , , , , retried, tooLong, notRetried] = pithSide.results as Array<Record<string, any>>;
    expect(retried).toMatchObject({ stopReason: "stop", output: [{ type: "image", data: PNG }] });
    expect(tooLong).toMatchObject({ stopReason: "error", errorMessage: expect.stringContaining("Server requested 120s retry delay (max: 1s)") });
    expect(notRetried).toMatchObject({ stopReason: "error" });
  });
});
