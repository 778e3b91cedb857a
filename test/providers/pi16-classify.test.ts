// classify() side by side: pi 1.6.0's own ModelRegistry (Node 22) and pith's ctx.modelRegistry view call the same
// classifier models of the catalogue, over every classifier API both have (System One on TypeSafe, OpenRouter,
// Vercel AI Gateway and OpenCode; Cloudflare Workers AI's run envelope; OpenAI Decisions), with and without
// images, keys from the environment and endpoints moved by models.json onto the mock server. The requests must
// match (path, headers, body) and so must the parsed answers, usage and cost.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelRegistryView } from "../../plugins/extensions/context/model-registry-view.js";
import { ModelRegistry } from "../../plugins/models/registry.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { makePng } from "../support/png.js";
import { removeAfterTest } from "../support/temp-folders.js";

const KEYS = {
  OPENAI_API_KEY: "oa-key",
  TYPESAFE_API_KEY: "ts-key",
  OPENROUTER_API_KEY: "or-key",
  AI_GATEWAY_API_KEY: "gw-key",
  OPENCODE_API_KEY: "oc-key",
  CLOUDFLARE_API_KEY: "cf-key",
  CLOUDFLARE_ACCOUNT_ID: "acct-7",
};

const QUESTIONS = {
  complexity: { type: "choice", instructions: "How demanding is the work?", criteria: { standard: "Ordinary work", complex: "Hard work", trivial: "" } },
  quality: { type: "score", instructions: "Rate the writing.", criteria: ["poor", "fair", "good"] },
  approved: { type: "bool", instructions: "Does the user approve?", criteria: { true: "Approval", false: "No approval" } },
};
const IMAGE = { type: "image", data: makePng(2, 2).toString("base64"), mimeType: "image/png" };

const CASES: { provider: string; id: string; images?: boolean }[] = [
  { provider: "typesafe", id: "jev-latest" },
  { provider: "typesafe", id: "jev-latest", images: true },
  { provider: "openrouter", id: "cloudflare/clef", images: true },
  { provider: "openrouter", id: "typesafe/jev-1.14" },
  { provider: "vercel-ai-gateway", id: "typesafe-ai/jev" },
  { provider: "opencode", id: "jev-1.13" },
  { provider: "cloudflare-workers-ai", id: "@cf/cloudflare/clef", images: true },
  { provider: "cloudflare-workers-ai", id: "typesafe/jev", images: true },
  { provider: "openai", id: "gpt-6-luna" },
  { provider: "openai", id: "gpt-6-luna", images: true },
];

/** The client's identity (pi's or pith's User-Agent) and the transport's own headers differ by design. */
const VOLATILE_HEADERS = /^(user-agent|content-length|host|connection|accept|accept-encoding|accept-language|sec-fetch-mode)$/;

let mock: MockLlm;
let agentDir: string;

beforeAll(async () => {
  mock = await startMockLlm({ fallback: {} });
  agentDir = await mkdtemp(join(tmpdir(), "pith-classify-"));
  const providers = {
    typesafe: { baseUrl: `${mock.url}/typesafe/v1` },
    openrouter: { baseUrl: `${mock.url}/openrouter/api/v1` },
    "vercel-ai-gateway": { baseUrl: `${mock.url}/vercel/typesafe/v1` },
    opencode: { baseUrl: `${mock.url}/opencode/inference/systemone/v1` },
    "cloudflare-workers-ai": { baseUrl: `${mock.url}/client/v4/accounts/{CLOUDFLARE_ACCOUNT_ID}/ai` },
    openai: { baseUrl: `${mock.url}/openai/v1` },
  };
  await writeFile(join(agentDir, "models.json"), JSON.stringify({ providers }));
});

afterAll(async () => {
  await mock.close();
  removeAfterTest(agentDir);
});

const contextOf = (target: (typeof CASES)[number]) => ({ state: { prompt: "Refactor the parser", files: 3 }, questions: QUESTIONS, ...(target.images ? { images: [IMAGE] } : {}) });

async function throughPi(): Promise<unknown[]> {
  const core = join(PI16_PACKAGE, "dist/core");
  const output = await runOnNode22(
    `const { ModelRuntime } = await import(${JSON.stringify(join(core, "model-runtime.js"))});
     const { ModelRegistry } = await import(${JSON.stringify(join(core, "model-registry.js"))});
     const dir = ${JSON.stringify(agentDir)};
     const registry = new ModelRegistry(await ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/models.json" }));
     const cases = ${JSON.stringify(CASES.map((target, index) => ({ ...target, index, context: contextOf(target) })))};
     const results = [];
     for (const c of cases) {
       const model = registry.findOfType("classifier", c.provider, c.id);
       results.push(await registry.classify(model, c.context, { headers: { "x-case": "pi-" + c.index } }));
     }
     process.stdout.write(JSON.stringify(results));`,
    { env: { ...KEYS, HOME: agentDir, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", PI_TELEMETRY: "0" } },
  );
  return JSON.parse(output) as unknown[];
}

async function throughPith(): Promise<unknown[]> {
  const registry = new ModelRegistry({ agentDir, env: { ...KEYS, HOME: agentDir } });
  const view = modelRegistryView(() => registry);
  const results: unknown[] = [];
  for (const [index, target] of CASES.entries()) {
    const model = view.findOfType("classifier", target.provider, target.id);
    results.push(await view.classify(model, contextOf(target), { headers: { "x-case": `pith-${index}` }, signal: AbortSignal.timeout(30_000) }));
  }
  return results;
}

function comparable(request: RecordedRequest | undefined) {
  if (!request) return undefined;
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !VOLATILE_HEADERS.test(name) && name !== "x-case"));
  return { path: request.path, headers, body: request.body };
}

const withoutTime = (result: unknown) => {
  const { timestamp: _time, ...rest } = result as { timestamp: number };
  return rest;
};

describe("classify() beside pi 1.6.0", () => {
  it("sends the same requests and reads the same answers, usage and cost for every classifier API", async () => {
    const pi = await throughPi();
    const pith = await throughPith();
    expect(mock.requests).toHaveLength(2 * CASES.length);
    const byCase = (side: string, index: number) => mock.requests.find((request) => request.headers["x-case"] === `${side}-${index}`);
    for (const [index, target] of CASES.entries()) {
      const what = `${target.provider}/${target.id}${target.images ? " with an image" : ""}`;
      expect(withoutTime(pith[index]), what).toMatchObject({ stopReason: "stop" });
      expect(comparable(byCase("pith", index)), what).toEqual(comparable(byCase("pi", index)));
      expect(withoutTime(pith[index]), what).toEqual(withoutTime(pi[index]));
    }
  }, 180_000);
});

describe("classify() failures", () => {
  it("answers an error result with a code, never rejecting: no key, wrong model, images refused, HTTP error, abort", async () => {
    const registry = new ModelRegistry({ agentDir, env: { ...KEYS, HOME: agentDir } });
    const view = modelRegistryView(() => registry);
    const context = contextOf({ provider: "", id: "" });
    const jev = view.findOfType("classifier", "typesafe", "jev-latest");

    const keyless = modelRegistryView(() => new ModelRegistry({ agentDir, env: { HOME: agentDir } }));
    expect(await keyless.classify(jev, context)).toMatchObject({ stopReason: "error", code: "NO_API_KEY", answers: {} });

    const chat = view.find("openai", "gpt-4.1");
    expect(await view.classify(chat, context)).toMatchObject({ stopReason: "error", code: "MODEL_TYPE_MISMATCH", errorMessage: "Model openai/gpt-4.1 is not a classifier model" });

    const textOnly = view.findOfType("classifier", "vercel-ai-gateway", "typesafe-ai/jev");
    expect(await view.classify(textOnly, { ...context, images: [IMAGE] })).toMatchObject({ stopReason: "error", code: "CLASSIFIER_IMAGE_UNSUPPORTED" });

    const before = mock.requests.length;
    mock.enqueue({ error: { status: 400, body: { error: "bad questions" } } });
    const refused = await view.classify(jev, context);
    expect(refused).toMatchObject({ stopReason: "error", code: "CLASSIFIER_REQUEST_FAILED", errorMessage: 'System One API error (400): {"error":"bad questions"}' });
    expect(mock.requests).toHaveLength(before + 1);

    const controller = new AbortController();
    mock.enqueue({ delayMs: 5_000 });
    const pending = view.classify(jev, context, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ stopReason: "aborted", code: "CLASSIFIER_ABORTED", answers: {} });
  }, 60_000);
});
