// HTTPS_PROXY / HTTP_PROXY / NO_PROXY through the real CLI, for each provider API and the SDK behind it (the bundled
// Anthropic, OpenAI, Google and AWS clients): the model request goes through the test's CONNECT proxy when the
// variables say so, and straight to the mock server when NO_PROXY names its host.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestProxy, type TestProxy } from "../support/test-proxy.js";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
let proxy: TestProxy;
beforeAll(async () => {
  world = await createCliWorld();
  proxy = await startTestProxy();
});
afterAll(async () => {
  await Promise.all([world.close(), proxy.close()]);
});
afterEach(() => {
  proxy.tunnels.length = 0;
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

async function ask(providerCase: ProviderCase, env: NodeJS.ProcessEnv): Promise<void> {
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers: providerCase.providers(world.mock.url) }));
  world.mock.requests.length = 0;
  world.mock.enqueue({ text: "answered" });
  const result = await world.run(["--model", providerCase.model, "-p", "hi"], { env: { ...providerCase.env, ...env } });
  expect(result.stderr).toBe("");
  expect(result.stdout.trim()).toBe("answered");
  expect(world.mock.requests.map((request) => request.api)).toEqual([providerCase.api]);
}

const mockAuthority = () => new URL(world.mock.url).host;
// nothing listens there: a request that took it would fail
const DEAD_PROXY = "http://127.0.0.1:9";

describe.each(CASES)("$api through the CLI", (providerCase) => {
  it("goes through HTTP_PROXY for an http endpoint (HTTPS_PROXY is for https ones)", async () => {
    await ask(providerCase, { HTTP_PROXY: proxy.url, HTTPS_PROXY: DEAD_PROXY });
    expect(proxy.tunnels).toEqual([{ authority: mockAuthority() }]);
  });

  it("honours the lower-case spelling over the upper-case one", async () => {
    await ask(providerCase, { http_proxy: proxy.url, HTTP_PROXY: DEAD_PROXY });
    expect(proxy.tunnels).toEqual([{ authority: mockAuthority() }]);
  });

  it("goes straight to a host NO_PROXY names", async () => {
    await ask(providerCase, { HTTP_PROXY: DEAD_PROXY, HTTPS_PROXY: DEAD_PROXY, NO_PROXY: `example.com,${mockAuthority()}` });
    await ask(providerCase, { http_proxy: proxy.url, no_proxy: "127.0.0.1" });
    expect(proxy.tunnels).toEqual([]);
  });
});
