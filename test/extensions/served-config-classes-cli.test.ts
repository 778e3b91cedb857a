// pi 1.6.0's SettingsManager, ModelRuntime and ModelRegistry used by an extension in a print-mode run: a tool reads
// and writes settings through `SettingsManager.create`, and asks a model of its own through a runtime over its own
// auth.json and models.json. The same extension runs with `-e` in pith and in pi 1.6.0 (Node 22) against the same
// mock server: the aside request (its model, prompt and key), what the tool hands back, the settings it wrote and
// the final answer must be the same.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import type { RecordedRequest } from "../support/mock-llm/index.js";
import { NODE22, PI16_CLI, runPiCli } from "../support/pi-node22.js";

const available = existsSync(NODE22) && existsSync(PI16_CLI);

function asideExtension(asideDir: string, log: string): string {
  return `
    import { Type } from "typebox";
    import { appendFileSync } from "node:fs";
    import { getAgentDir, ModelRegistry, ModelRuntime, SettingsManager } from "@earendil-works/pi-coding-agent";

    export default function (pi: any) {
      pi.registerTool({
        name: "aside", label: "Aside", description: "Asks the aside model",
        parameters: Type.Object({ question: Type.String() }),
        async execute(_id: string, params: any, signal: AbortSignal | undefined, _onUpdate: unknown, ctx: any) {
          const settings = SettingsManager.create(ctx.cwd, getAgentDir());
          const before = { model: settings.getDefaultModel() ?? null, steering: settings.getSteeringMode(), compaction: settings.getCompactionSettings() };
          settings.setExtensionChangelogVersion("aside", "1.0.0");
          await settings.flush();
          const runtime = await ModelRuntime.create({ authPath: ${JSON.stringify(join(asideDir, "auth.json"))}, modelsPath: ${JSON.stringify(join(asideDir, "models.json"))} });
          const registry = new ModelRegistry(runtime);
          const model = registry.find("aside", "aside-model");
          const reply = await registry.complete(model, { systemPrompt: "You are the aside.", messages: [{ role: "user", content: params.question, timestamp: 0 }] }, { signal });
          const text = reply.content.filter((block: any) => block.type === "text").map((block: any) => block.text).join("");
          appendFileSync(${JSON.stringify(log)}, JSON.stringify({ before, status: registry.getProviderAuthStatus("aside"), available: registry.getAvailable().some((m: any) => m.provider === "aside"), stop: reply.stopReason, text }) + "\\n");
          return { content: [{ type: "text", text: "aside said: " + text }], details: {} };
        },
      });
    }`;
}

/** a tool that runs pi's createAgentSession with its own in-memory SettingsManager and a ModelRuntime over the aside files */
function subSessionExtension(asideDir: string, log: string): string {
  return `
    import { Type } from "typebox";
    import { appendFileSync } from "node:fs";
    import { createAgentSession, ModelRegistry, ModelRuntime, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";

    export default function (pi: any) {
      pi.registerTool({
        name: "sub", label: "Sub", description: "Runs the aside model in a sub-session",
        parameters: Type.Object({ task: Type.String() }),
        async execute(_id: string, params: any, _signal: unknown, _onUpdate: unknown, ctx: any) {
          const settingsManager = SettingsManager.inMemory({ defaultThinkingLevel: "high", steeringMode: "all" });
          const modelRuntime = await ModelRuntime.create({ authPath: ${JSON.stringify(join(asideDir, "auth.json"))}, modelsPath: ${JSON.stringify(join(asideDir, "models.json"))} });
          const model = new ModelRegistry(modelRuntime).find("aside", "aside-model");
          const { session } = await createAgentSession({ cwd: ctx.cwd, model, settingsManager, modelRuntime, sessionManager: SessionManager.inMemory(), noTools: "all" });
          await session.prompt(params.task);
          const text = session.getLastAssistantText();
          appendFileSync(${JSON.stringify(log)}, JSON.stringify({ thinking: session.thinkingLevel, sameSettings: session.settingsManager === settingsManager, sameRuntime: session.modelRuntime === modelRuntime, lastStop: session.messages.at(-1)?.stopReason, text }) + "\\n");
          session.dispose();
          return { content: [{ type: "text", text: "sub said: " + text }], details: {} };
        },
      });
    }`;
}

function requestShape(request: RecordedRequest) {
  const body = request.body as { model: string; system?: string | { text: string }[]; messages: { role: string; content: unknown }[] };
  const system = typeof body.system === "string" ? body.system : (body.system ?? []).map((block) => block.text).join("\n");
  const thinking = (request.body as { thinking?: { type?: string } }).thinking?.type ?? null;
  return { model: body.model, key: request.headers["x-api-key"], aside: system.startsWith("You are the aside."), thinking, roles: body.messages.map((message) => message.role) };
}

describe.skipIf(!available)("SettingsManager, ModelRuntime and ModelRegistry in an extension, against pi 1.6.0", () => {
  let world: CliWorld;
  beforeAll(async () => {
    world = await createCliWorld();
  });
  afterAll(async () => {
    await world.close();
  });

  it("print mode: settings read and written, an aside model called with its own key, the answer handed back", { timeout: 180_000 }, async () => {
    const run = async (side: "pi" | "pith") => {
      const asideDir = join(world.home, `${side}-aside`);
      await mkdir(asideDir, { recursive: true });
      await writeFile(join(asideDir, "auth.json"), JSON.stringify({ aside: { type: "api_key", key: "aside-key" } }));
      await writeFile(join(asideDir, "models.json"), JSON.stringify({ providers: { aside: { baseUrl: world.mock.url, api: "anthropic-messages", models: [{ id: "aside-model", contextWindow: 100000, maxTokens: 4096 }] } } }));
      await writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ defaultModel: "mock-model", steeringMode: "all", compaction: { reserveTokens: 1234 } }, null, 2));
      const log = join(world.home, `${side}-aside.jsonl`);
      const path = join(world.home, `${side}-aside.ts`);
      await writeFile(path, asideExtension(asideDir, log));
      const from = world.mock.requests.length;
      world.mock.enqueue({ toolCalls: [{ name: "aside", arguments: { question: "what is two plus two?" } }] }, { text: "Four." }, { text: "The aside says four." });
      const args = ["-ne", "-e", path, "--model", "mock/mock-model", "-p", "ask the aside"];
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      const requests = world.mock.requests.slice(from);
      const lastUser = (requests.at(-1)!.body as { messages: { content: { type: string; content?: unknown }[] }[] }).messages.at(-1)!;
      const settings = JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8"));
      return {
        stdout: result.stdout.trim(),
        requests: requests.map(requestShape),
        handedBack: lastUser.content.filter((block) => block.type === "tool_result").map((block) => block.content),
        seen: JSON.parse((await readFile(log, "utf8")).trim()),
        settings,
      };
    };
    const pi = await run("pi");
    const pith = await run("pith");

    expect(pith.requests.map((request) => [request.model, request.key, request.aside])).toEqual([
      ["mock-model", "test-key", false],
      ["aside-model", "aside-key", true],
      ["mock-model", "test-key", false],
    ]);
    expect(pith.seen).toMatchObject({ before: { model: "mock-model", steering: "all", compaction: { reserveTokens: 1234 } }, stop: "stop", text: "Four." });
    expect(pith.settings.extensionChangelogVersions).toEqual({ aside: "1.0.0" });
    expect(pith.stdout).toBe("The aside says four.");
    expect(pith.requests).toEqual(pi.requests);
    expect(pith.handedBack).toEqual(pi.handedBack);
    expect(pith.seen).toEqual(pi.seen);
    expect(pith.settings).toEqual(pi.settings);
    expect(pith.stdout).toEqual(pi.stdout);
  });
  it("print mode: a sub-session made with the extension's SettingsManager and ModelRuntime uses their settings and keys", { timeout: 180_000 }, async () => {
    const run = async (side: "pi" | "pith") => {
      const asideDir = join(world.home, `${side}-sub-aside`);
      await mkdir(asideDir, { recursive: true });
      await writeFile(join(asideDir, "auth.json"), JSON.stringify({ aside: { type: "api_key", key: "sub-key" } }));
      await writeFile(join(asideDir, "models.json"), JSON.stringify({ providers: { aside: { baseUrl: world.mock.url, api: "anthropic-messages", models: [{ id: "aside-model", reasoning: true, contextWindow: 100000, maxTokens: 32000 }] } } }));
      const log = join(world.home, `${side}-sub.jsonl`);
      const path = join(world.home, `${side}-sub.ts`);
      await writeFile(path, subSessionExtension(asideDir, log));
      const from = world.mock.requests.length;
      world.mock.enqueue({ toolCalls: [{ name: "sub", arguments: { task: "say done" } }] }, { text: "Done." }, { text: "The sub-session is done." });
      const args = ["-ne", "-e", path, "--model", "mock/mock-model", "--thinking", "off", "-p", "run the sub-session"];
      const result = side === "pi" ? await runPiCli(world, args) : await world.run(args);
      expect(result.code, result.stderr).toBe(0);
      return { stdout: result.stdout.trim(), requests: world.mock.requests.slice(from).map(requestShape), seen: JSON.parse((await readFile(log, "utf8")).trim()) };
    };
    const pi = await run("pi");
    const pith = await run("pith");

    expect(pith.requests.map((request) => [request.model, request.key, request.thinking])).toEqual([
      ["mock-model", "test-key", null],
      ["aside-model", "sub-key", "enabled"],
      ["mock-model", "test-key", null],
    ]);
    expect(pith.seen).toEqual({ thinking: "high", sameSettings: true, sameRuntime: true, lastStop: "stop", text: "Done." });
    expect(pith.requests).toEqual(pi.requests);
    expect(pith.seen).toEqual(pi.seen);
    expect(pith.stdout).toEqual(pi.stdout);
  });
});
