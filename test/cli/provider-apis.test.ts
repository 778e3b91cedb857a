// The provider APIs beyond Anthropic's and OpenAI's, through the real CLI: a built-in provider's models pointed at
// the mock server by models.json, its key from the environment, a tool-call turn and the answer after it.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
beforeAll(async () => {
  world = await createCliWorld();
  await writeFile(join(world.project, "note.txt"), "the note says hi\n");
});
afterAll(async () => {
  await world.close();
});

async function pointProviderAtMock(provider: string, baseUrl: string): Promise<void> {
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers: { [provider]: { baseUrl } } }));
}

/** A turn that reads note.txt, then the answer; returns the requests the mock saw. */
async function toolTurn(model: string, env: NodeJS.ProcessEnv) {
  world.mock.requests.length = 0;
  world.mock.enqueue({ thinking: "Read it.", toolCalls: [{ name: "read", arguments: { path: "note.txt" } }] }, { text: "It says hi." });
  const result = await world.run(["--model", model, "-p", "what does note.txt say?"], { env });
  expect(result.stderr).toBe("");
  expect(result.stdout.trim()).toBe("It says hi.");
  expect(result.code).toBe(0);
  return world.mock.requests;
}

describe("google-generative-ai through the CLI", () => {
  it("runs a tool turn with GEMINI_API_KEY", async () => {
    await pointProviderAtMock("google", `${world.mock.url}/v1beta`);
    const requests = await toolTurn("google/gemini-2.5-flash", { GEMINI_API_KEY: "gemini-key" });
    expect(requests.map((request) => request.api)).toEqual(["google-generative-ai", "google-generative-ai"]);
    expect(requests[0]!.headers["x-goog-api-key"]).toBe("gemini-key");
    expect(JSON.stringify(requests[1]!.body.contents)).toContain("the note says hi");
  });

  it("says which variable to set when there is no key", async () => {
    const result = await world.run(["--model", "google/gemini-2.5-flash", "-p", "hi"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("GEMINI_API_KEY");
  });
});

describe("google-vertex through the CLI", () => {
  it("runs a tool turn with GOOGLE_CLOUD_API_KEY", async () => {
    await pointProviderAtMock("google-vertex", world.mock.url);
    const requests = await toolTurn("google-vertex/gemini-2.5-flash", { GOOGLE_CLOUD_API_KEY: "vertex-key" });
    expect(requests.map((request) => request.path)).toEqual([
      "/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
      "/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    ]);
    expect(requests[0]!.headers["x-goog-api-key"]).toBe("vertex-key");
  });
});

describe("bedrock-converse-stream through the CLI", () => {
  it("runs a tool turn signed with the environment's AWS keys", async () => {
    await pointProviderAtMock("amazon-bedrock", world.mock.url);
    const env = { AWS_ACCESS_KEY_ID: "AKIDCLI", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "eu-west-1" };
    const requests = await toolTurn("amazon-bedrock/us.anthropic.claude-opus-5-5", env);
    expect(requests.map((request) => request.api)).toEqual(["bedrock-converse-stream", "bedrock-converse-stream"]);
    expect(requests[0]!.headers.authorization).toMatch(/Credential=AKIDCLI\/\d{8}\/eu-west-1\/bedrock\//);
    expect(JSON.stringify(requests[1]!.body.messages)).toContain("the note says hi");
  });
});

describe("mistral-conversations through the CLI", () => {
  it("runs a tool turn with MISTRAL_API_KEY, the catalogue's Mistral model routed to Mistral's own chat stream", async () => {
    await pointProviderAtMock("mistral", `${world.mock.url}/mistral`);
    const requests = await toolTurn("mistral/devstral-medium-latest", { MISTRAL_API_KEY: "mistral-key" });
    expect(requests.map((request) => request.api)).toEqual(["mistral-conversations", "mistral-conversations"]);
    expect(requests[0]!.headers.authorization).toBe("Bearer mistral-key");
    expect(JSON.stringify(requests[1]!.body.messages)).toContain("the note says hi");
  });
});

describe("pi-messages through the CLI", () => {
  it("runs a tool turn with RADIUS_API_KEY on the catalogue's Radius model", async () => {
    await pointProviderAtMock("radius", `${world.mock.url}/radius/v1`);
    const requests = await toolTurn("radius/balanced", { RADIUS_API_KEY: "radius-key" });
    expect(requests.map((request) => request.api)).toEqual(["pi-messages", "pi-messages"]);
    expect(requests[0]!.headers.authorization).toBe("Bearer radius-key");
    expect(JSON.stringify((requests[1]!.body.context as { messages: unknown }).messages)).toContain("the note says hi");
  });
});
