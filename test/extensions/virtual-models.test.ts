// pi 1.6.0's jev-router example (a virtual model, `jev/auto`) unchanged, in pith and in pi itself (Node 22), on the
// same mock conversation over an OpenAI Codex login: the router asks TypeSafe's Jev classifier (the catalogue's
// `typesafe/jev-latest`, moved onto the mock server by models.json, keyed by TYPESAFE_API_KEY) how complex the
// prompt is through the real classify() path; the mock rates it "standard", so the prompt is planned on GPT-5.6
// Terra, the first successful `write` hands the rest of the turn to Luna, and the phase is stored on the branch as
// `pi.virtual-model-state` entries. Both agents send the same classifier request and the same models in the same
// order, record the same selection and physical models, and store the same router state. `--list-models` lists
// the virtual model.
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { NODE22, PI16_CLI, PI16_PACKAGE, runPiCli } from "../support/pi-node22.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);
const JEV = join(PI16_PACKAGE, "examples/extensions/jev-router.ts");
const SCRIPT = [{ text: "Writing.", toolCalls: [{ name: "write", arguments: { path: "out.txt", content: "x\n" } }] }, { text: "Done." }];

interface Entry {
  type: string;
  customType?: string;
  data?: unknown;
  provider?: string;
  modelId?: string;
  message?: { role: string; provider?: string; model?: string; stopReason?: string };
}

async function sessionEntries(folder: string): Promise<Entry[]> {
  const [file] = await readdir(folder);
  const text = await readFile(join(folder, file!), "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Entry);
}

/** What routing left in a session file: the selection, the router state and each reply's physical model. */
function routingFacts(entries: Entry[]) {
  return entries.flatMap((entry) => {
    if (entry.type === "model_change") return [`model_change ${entry.provider}/${entry.modelId}`];
    if (entry.type === "custom" && entry.customType === "pi.virtual-model-state") return [`state ${JSON.stringify(entry.data)}`];
    if (entry.type === "message" && entry.message?.role === "assistant") return [`reply ${entry.message.provider}/${entry.message.model} ${entry.message.stopReason}`];
    return [];
  });
}

describe.skipIf(!available)("virtual models: pi 1.6.0's jev-router", () => {
  let world: CliWorld;
  beforeEach(async () => {
    world = await createCliWorld();
    const auth = { "openai-codex": { type: "oauth", access: codexAccessToken(1), refresh: "r", expires: Date.now() + 86_400_000, accountId: "acct-mock-1" } };
    await writeFile(join(world.agentDir, "auth.json"), JSON.stringify(auth));
    const providers = { "openai-codex": { baseUrl: `${world.mock.url}/backend-api` }, typesafe: { baseUrl: `${world.mock.url}/typesafe/v1` } };
    await writeFile(join(world.agentDir, "models.json"), JSON.stringify({ providers }));
    world.env.TYPESAFE_API_KEY = "ts-key";
  });
  afterEach(() => world.close());

  const args = (sessions: string) => ["-ne", "-e", JEV, "--model", "jev/auto", "--tools", "write", "--session-dir", sessions, "-p", "add out.txt"];

  it("routes the turn as pi does: Jev rates the prompt, Terra plans and makes the first edit, Luna does the rest, the phase is stored", async () => {
    // the classifier's answer follows from its question (test/support/mock-llm/classifiers.ts); it takes a reply
    world.mock.enqueue({}, ...SCRIPT);
    const pith = await world.run(args(join(world.home, "pith-sessions")));
    expect(pith.stderr).toBe("");
    expect(pith.code).toBe(0);
    expect(pith.stdout).toContain("Done.");
    const pithModels = world.mock.requests.map((request) => (request.body as { model?: string }).model);
    const pithFacts = routingFacts(await sessionEntries(join(world.home, "pith-sessions")));

    const pithClassifier = world.mock.requests.find((request) => request.api === "typesafe-system-one");
    world.mock.requests.length = 0;
    world.mock.enqueue({}, ...SCRIPT);
    const pi = await runPiCli(world, args(join(world.home, "pi-sessions")));
    expect(pi.code, pi.stderr).toBe(0);
    const piModels = world.mock.requests.map((request) => (request.body as { model?: string }).model);
    const piFacts = routingFacts(await sessionEntries(join(world.home, "pi-sessions")));

    expect(pithModels).toEqual(["jev-latest", "gpt-5.6-terra", "gpt-5.6-luna"]);
    expect(pithModels).toEqual(piModels);
    const piClassifier = world.mock.requests.find((request) => request.api === "typesafe-system-one");
    expect(pithClassifier).toMatchObject({ path: "/typesafe/v1/systemone", headers: { authorization: "Bearer ts-key" } });
    expect(pithClassifier?.body).toEqual(piClassifier?.body);
    expect(pithFacts).toEqual([
      "model_change jev/auto",
      'state {"provider":"jev","modelId":"auto","state":{"phase":"planning","model":"gpt-5.6-terra"}}',
      "reply openai-codex/gpt-5.6-terra toolUse",
      'state {"provider":"jev","modelId":"auto","state":{"phase":"implementation","model":"gpt-5.6-luna"}}',
      "reply openai-codex/gpt-5.6-luna stop",
    ]);
    expect(pithFacts).toEqual(piFacts);
  }, 180_000);

  it("--list-models lists the virtual model as pi does", async () => {
    const pith = await world.run(["-e", JEV, "--list-models", "jev"]);
    const pi = await runPiCli(world, ["-e", JEV, "--list-models", "jev"]);
    expect(pith.stdout).toContain("jev       auto   272K     128K     yes       yes");
    expect(pith.stdout).toBe(pi.stdout);
  }, 120_000);
});
