// HTTPS_PROXY / HTTP_PROXY / NO_PROXY through the real CLI, for each provider API and the SDK behind it (the bundled
// Anthropic, OpenAI, Google and AWS clients): the model request goes through the test's CONNECT proxy when the
// variables say so, and straight to the mock server when NO_PROXY names its host. One CLI process (RPC mode) per
// setting of the variables asks every provider in turn; each provider has a mock server of its own, so a tunnel
// names the provider it was opened for and no provider can ride on another's tunnel.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockLlm, type MockLlm } from "../support/mock-llm/index.js";
import { startTestProxy, type TestProxy } from "../support/test-proxy.js";
import { createCliWorld, type CliWorld } from "./cli-harness.js";
import { spawnRpc, type RpcChild, type RpcRecord } from "../rpc/rpc-harness.js";

let world: CliWorld;
let proxy: TestProxy;
const mocks = new Map<string, MockLlm>();
beforeAll(async () => {
  world = await createCliWorld();
  proxy = await startTestProxy();
  for (const providerCase of CASES) mocks.set(providerCase.api, await startMockLlm());
  const providers = Object.assign({}, ...CASES.map((providerCase) => providerCase.providers(mocks.get(providerCase.api)!.url))) as Record<string, unknown>;
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers }));
});
afterAll(async () => {
  await Promise.all([world.close(), proxy.close(), ...[...mocks.values()].map((mock) => mock.close())]);
});

interface ProviderCase {
  api: string;
  model: string;
  /** the providers block of models.json, given the mock server's URL */
  providers(mockUrl: string): Record<string, unknown>;
  env: NodeJS.ProcessEnv;
}

const custom = (api: string, baseUrl: string) => ({ mock: { baseUrl, api, apiKey: "test-key", models: [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192 }] } });

const CASES: ProviderCase[] = [
  { api: "anthropic-messages", model: "anthropic/claude-opus-5", providers: (url) => ({ anthropic: { baseUrl: url } }), env: { ANTHROPIC_API_KEY: "k" } },
  { api: "openai-responses", model: "openai/gpt-5.4", providers: (url) => ({ openai: { baseUrl: `${url}/v1` } }), env: { OPENAI_API_KEY: "k" } },
  { api: "openai-completions", model: "mock/mock-model", providers: (url) => custom("openai-completions", `${url}/v1`), env: {} },
  { api: "google-generative-ai", model: "google/gemini-2.5-flash", providers: (url) => ({ google: { baseUrl: `${url}/v1beta` } }), env: { GEMINI_API_KEY: "k" } },
  { api: "google-vertex", model: "google-vertex/gemini-2.5-flash", providers: (url) => ({ "google-vertex": { baseUrl: url } }), env: { GOOGLE_CLOUD_API_KEY: "k" } },
  {
    api: "bedrock-converse-stream",
    model: "amazon-bedrock/us.anthropic.claude-opus-5-5",
    providers: (url) => ({ "amazon-bedrock": { baseUrl: url } }),
    env: { AWS_ACCESS_KEY_ID: "AKIDCLI", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "eu-west-1", AWS_EC2_METADATA_DISABLED: "true" },
  },
  { api: "mistral-conversations", model: "mistral/devstral-medium-latest", providers: (url) => ({ mistral: { baseUrl: `${url}/mistral` } }), env: { MISTRAL_API_KEY: "k" } },
];

const ALL_KEYS: NodeJS.ProcessEnv = Object.assign({}, ...CASES.map((providerCase) => providerCase.env)) as NodeJS.ProcessEnv;
const authorityOf = (providerCase: ProviderCase) => new URL(mocks.get(providerCase.api)!.url).host;
// nothing listens there: a request that took it would fail
const DEAD_PROXY = "http://127.0.0.1:9";

const SETTINGS: { name: string; env: () => NodeJS.ProcessEnv; proxied: boolean }[] = [
  { name: "goes through HTTP_PROXY for an http endpoint (HTTPS_PROXY is for https ones)", env: () => ({ HTTP_PROXY: proxy.url, HTTPS_PROXY: DEAD_PROXY }), proxied: true },
  { name: "honours the lower-case spelling over the upper-case one", env: () => ({ http_proxy: proxy.url, HTTP_PROXY: DEAD_PROXY }), proxied: true },
  {
    name: "goes straight to a host NO_PROXY names",
    env: () => ({ HTTP_PROXY: DEAD_PROXY, HTTPS_PROXY: DEAD_PROXY, NO_PROXY: ["example.com", ...CASES.map(authorityOf)].join(",") }),
    proxied: false,
  },
  { name: "goes straight to a host no_proxy names by address, past http_proxy", env: () => ({ http_proxy: proxy.url, no_proxy: "127.0.0.1" }), proxied: false },
];

const textOf = (record: RpcRecord) =>
  ((record.message as { content: { type: string; text?: string }[] }).content ?? []).map((block) => block.text ?? "").join("");

describe.each(SETTINGS)("through the CLI, a request $name", (setting) => {
  let rpc: RpcChild;
  beforeAll(() => {
    rpc = spawnRpc(world, [], { ...ALL_KEYS, ...setting.env() });
  });
  afterAll(async () => {
    rpc.peer.end();
    // a test that failed mid-prompt may leave the process waiting on a reply that never comes
    const stuck = setTimeout(() => rpc.child.kill("SIGKILL"), 10_000);
    await rpc.exited;
    clearTimeout(stuck);
  });

  it.each(CASES)("$api", async (providerCase) => {
    const mock = mocks.get(providerCase.api)!;
    mock.requests.length = 0;
    proxy.tunnels.length = 0;
    mock.enqueue({ text: "answered" });
    const slash = providerCase.model.indexOf("/");
    const set = await rpc.peer.request({ type: "set_model", provider: providerCase.model.slice(0, slash), modelId: providerCase.model.slice(slash + 1) });
    expect(set.success, JSON.stringify(set)).toBe(true);
    const from = rpc.peer.records.length;
    expect((await rpc.peer.request({ type: "prompt", message: "hi" })).success).toBe(true);
    await rpc.peer.waitForEvent("agent_end", from);
    const answers = rpc.peer.records.slice(from).filter((record) => record.type === "message_end" && (record.message as { role: string }).role === "assistant");
    expect(answers.map(textOf)).toEqual(["answered"]);
    expect(mock.requests.map((request) => request.api)).toEqual([providerCase.api]);
    expect(proxy.tunnels).toEqual(setting.proxied ? [{ authority: authorityOf(providerCase) }] : []);
  });

  it("ends with nothing on stderr", async () => {
    rpc.peer.end();
    expect((await rpc.exited).code).toBe(0);
    expect(rpc.stderr()).toBe("");
    expect(rpc.peer.strayLines).toEqual([]);
  });
});
