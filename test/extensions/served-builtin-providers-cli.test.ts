// pi-ai's built-in provider objects send their calls through the provider for the model's API: in pith, pith's
// provider plugin. An extension command asks `builtinModels()` for Anthropic's catalogue model, pointed at the mock
// server, with a key from the collection's auth context; pith and pi 1.6.0 must send it there with that key and give
// the same reply.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { runPiCli } from "../support/pi-node22.js";

const EXTENSION = `
import { writeFileSync } from "node:fs";
import { builtinModels, builtinProviders } from "@earendil-works/pi-ai/providers/all";

export default function (pi: any) {
  pi.registerCommand("builtin", {
    handler: async () => {
      const env: Record<string, string> = { ANTHROPIC_API_KEY: "sk-builtin" };
      const models = builtinModels({ authContext: { env: async (name: string) => env[name], fileExists: async () => false } });
      const model = { ...models.getModel("anthropic", "claude-opus-4-7"), baseUrl: process.env.MOCK_URL };
      const reply = await models.completeSimple(model as any, { systemPrompt: "Be brief.", messages: [{ role: "user", content: "hello", timestamp: 1 }] });
      const openai = builtinProviders().find((provider) => provider.id === "openai")!;
      const direct = await openai.streamSimple({ ...openai.getModels().find((entry) => entry.id === "gpt-5.4"), baseUrl: process.env.MOCK_URL + "/v1" } as any, { messages: [{ role: "user", content: "again", timestamp: 2 }] } as any, { apiKey: "sk-direct" } as any).result();
      writeFileSync(process.env.BUILTIN_OUT!, JSON.stringify({ reply: [reply.stopReason, reply.content, reply.provider, reply.model], direct: [direct.stopReason, direct.content, direct.errorMessage ?? null] }));
    },
  });
}
`;

let world: CliWorld;
let extension: string;
beforeAll(async () => {
  world = await createCliWorld();
  extension = join(world.home, "builtin.ts");
  await writeFile(extension, EXTENSION);
});
afterAll(() => world.close());

async function run(side: "pith" | "pi") {
  world.mock.requests.length = 0;
  world.mock.enqueue({ text: "from the catalogue model" }, { text: "from the provider object" });
  const out = join(world.home, `${side}.json`);
  const env = { MOCK_URL: world.mock.url, BUILTIN_OUT: out };
  const args = ["-ne", "-e", extension, "--model", "mock/mock-model", "-p", "/builtin"];
  const result = side === "pith" ? await world.run(args, { env }) : await runPiCli({ project: world.project, env: { ...world.env, ...env } }, args);
  expect(result.code, result.stderr).toBe(0);
  const sent = world.mock.requests.map((request) => ({ api: request.api, key: request.headers["x-api-key"] ?? request.headers.authorization, model: request.body.model }));
  return { result: JSON.parse(await readFile(out, "utf8")) as unknown, sent };
}

describe("pi-ai's built-in provider objects served", () => {
  it("send a catalogue model's call, with the collection's key, through the provider for its API", async () => {
    const pith = await run("pith");
    const pi = await run("pi");
    expect(pith).toEqual(pi);
    expect(pith.sent).toEqual([
      { api: "anthropic-messages", key: "sk-builtin", model: "claude-opus-4-7" },
      { api: "openai-responses", key: "Bearer sk-direct", model: "gpt-5.4" },
    ]);
  }, 120_000);
});
