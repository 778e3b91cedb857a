// Every `pi.*` method and the `ctx` of commands and tools, through a fixture extension driven by real sessions.
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import type { ModelRegistry } from "../../plugins/models/index.js";
import type { SessionsService } from "../../plugins/sessions/index.js";
import { createWorld, startSession, type Started, type World } from "./harness.js";

const EVERY_METHOD = fileURLToPath(new URL("./fixtures/every-method.ts", import.meta.url));
const state = globalThis as { __pithApi?: Record<string, unknown> };
const api = () => state.__pithApi!;

const textOf = (message: unknown) => {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string") return content;
  return (content as { text?: string }[]).map((block) => block.text ?? "").join("");
};
const service = <T>(started: Started, name: string) => started.session.registry.services.get(name)! as T;

let world: World;
beforeEach(async () => {
  world = await createWorld();
  state.__pithApi = {};
});
afterEach(() => world.close());

describe("registrations", () => {
  it("a TypeBox tool with StringEnum and prepareArguments runs with the extension's ctx", async () => {
    const started = await startSession(world, {
      paths: [EVERY_METHOD],
      turns: [
        { toolCalls: [{ name: "pick", arguments: { color: "green" } }, { name: "pick", arguments: { colour: "blue" } }] },
        { text: "done" },
      ],
    });
    await started.session.prompt("pick one");
    const results = started.session.messages.filter((message) => message.role === "toolResult");
    expect(results[0]).toMatchObject({ isError: false, content: [{ text: "picked green" }], details: { colour: "green" } });
    expect(results[1]).toMatchObject({ isError: true });
    expect(textOf(results[1])).toContain("colour");
    expect(api().pick).toMatchObject({ params: { colour: "green" }, signal: true, ctxSignal: true, cwd: world.project });
    expect(started.scripted.requests[0]!.tools.find((tool) => tool.name === "pick")!.parameters).toMatchObject({
      properties: { colour: { type: "string", enum: ["red", "green"] } },
    });
  });

  it("tools registered after start-up are active at once; active tools can be listed and changed", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD], turns: [{ toolCalls: [{ name: "late", arguments: {} }] }, { text: "ok" }] });
    await started.session.prompt("/late-tool");
    await started.session.prompt("use late");
    expect(textOf(started.session.messages.find((message) => message.role === "toolResult"))).toBe("late tool ran");

    await started.session.prompt("/tools read,pick,unknown");
    expect(api().toolsBefore).toEqual(["read", "bash", "edit", "write", "pick", "nudge", "late"]);
    expect(api().toolsAfter).toEqual(["read", "pick"]);
    expect(api().allTools).toEqual(expect.arrayContaining(["builtin:read", "builtin:grep", "local:pick", "local:late"]));
  });

  it("flags: defaults, values from the command line, and only the extension's own", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD], flagArgv: ["--shout", "--greeting", "hej"] });
    await started.session.prompt("/flags");
    expect(api().flags).toEqual({ shout: true, greeting: "hej", foreign: undefined });
    const extensions = service<ExtensionsService>(started, "extensions");
    expect(extensions.flags().map((flag) => `${flag.name}:${flag.type}`)).toEqual(["shout:boolean", "greeting:string"]);
    expect(extensions.shortcuts()).toEqual([{ shortcut: "ctrl+shift+g", description: "Greet", extension: EVERY_METHOD }]);

    const defaults = await startSession(world, { paths: [EVERY_METHOD] });
    await defaults.session.prompt("/flags");
    expect(api().flags).toEqual({ shout: false, greeting: "hello", foreign: undefined });
  });

  it("an option no extension registered stops start-up, as pi does", async () => {
    await expect(startSession(world, { paths: [EVERY_METHOD], flagArgv: ["--nope"] })).rejects.toMatchObject({
      code: "BAD_ARGUMENTS",
      message: expect.stringContaining("Unknown option: --nope"),
    });
  });

  it("registerProvider adds models to the models service; unregisterProvider removes them", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD] });
    const models = service<ModelRegistry>(started, "models");
    expect(models.find("ext-proxy", "proxy-model")).toMatchObject({ api: "openai-completions", baseUrl: "http://127.0.0.1:9/v1", contextWindow: 1000 });
    await started.session.prompt("/model ext-proxy/proxy-model");
    expect(api().setModel).toBe(true);
    expect(started.session.model?.id).toBe("proxy-model");
    await started.session.prompt("/unregister");
    expect(models.find("ext-proxy", "proxy-model")).toBeUndefined();
  });

  it("setModel answers false for a provider without a key; thinking level is clamped and read back", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const started = await startSession(world, { paths: [EVERY_METHOD] });
      const model = service<ModelRegistry>(started, "models").all().find((candidate) => candidate.provider === "openai")!;
      await started.session.prompt(`/model openai/${model.id}`);
      expect(api().setModel).toBe(false);
      await started.session.prompt("/thinking high");
      expect(api().thinking).toBe("off"); // the scripted model does not reason
      await started.session.prompt("/model ext-proxy/proxy-model");
      await started.session.prompt("/thinking high");
      expect(api().thinking).toBe("high");
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it("SDK inline extensions load after the discovered ones and count as given in code", async () => {
    const started = await startSession(world, {
      paths: [EVERY_METHOD],
      inline: [
        {
          name: "audit",
          factory: (pi) => {
            pi.registerCommand("audit", { handler: async () => void (api().audit = pi.getCommands().find((command) => command.name === "audit")?.sourceInfo) });
          },
        },
      ],
    });
    await started.session.prompt("/audit");
    expect(api().audit).toEqual({ path: "<inline:audit>", source: "sdk", scope: "temporary", origin: "top-level" });
  });

  it("getCommands lists extension commands, templates and skills, with their sources", async () => {
    await world.write("project/.pi/prompts/review.md", "Review $1");
    const started = await startSession(world, { paths: [EVERY_METHOD], projectTrust: { approve: true } });
    await started.session.prompt("/commands");
    expect(api().commands).toEqual(expect.arrayContaining(["extension:flags", "extension:ctx", "prompt:review"]));
  });
});

describe("messages", () => {
  it("sendMessage: nextTurn goes after the next user message; idle messages are appended; triggerTurn runs a turn", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD], turns: [{ text: "first" }, { text: "second" }] });
    const { session, scripted } = started;
    await session.prompt("/next-turn remember this");
    expect(session.messages).toHaveLength(0);
    await session.prompt("hello");
    expect(scripted.requests[0]!.messages.map(textOf)).toEqual(["hello", "remember this"]);

    await session.prompt("/note just so you know");
    expect(session.messages.at(-1)).toMatchObject({ role: "custom", customType: "api-note", content: "just so you know", display: true });
    expect(scripted.requests).toHaveLength(1);

    await session.prompt("/note-and-run go on");
    await session.waitForIdle();
    expect(scripted.requests).toHaveLength(2);
    expect(scripted.requests[1]!.messages.map(textOf).slice(-1)).toEqual(["go on"]);
    expect(textOf(session.messages.at(-1))).toBe("second");
  });

  it("sendUserMessage prompts without expansion; while a turn runs it needs deliverAs (steer, followUp)", async () => {
    const started = await startSession(world, {
      paths: [EVERY_METHOD],
      turns: [{ text: "answer one" }, { toolCalls: [{ name: "nudge", arguments: {} }] }, { text: "after steer" }, { text: "after follow-up" }],
    });
    const { session, scripted } = started;
    await session.prompt("/ask /flags is not a command here");
    expect(textOf(scripted.requests[0]!.messages[0])).toBe("/flags is not a command here");
    expect(api().flags).toBeUndefined();

    await session.prompt("nudge please");
    expect(api().busyError).toMatch(/deliverAs/);
    // the steered note reached the next call, the follow-up came when the agent would have stopped
    expect(scripted.requests[2]!.messages.map(textOf).slice(-2)).toEqual(["nudged", "steered note"]);
    expect(scripted.requests[3]!.messages.map(textOf).slice(-1)).toEqual(["and a follow-up"]);
  });

  it("appendEntry, setSessionName, getSessionName and setLabel write the session", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD], turns: [{ text: "hi" }] });
    await started.session.prompt("hello");
    await started.session.prompt("/session Refactor auth");
    expect(api().session).toEqual({
      name: "Refactor auth",
      entries: expect.arrayContaining(["message", "session_info", "custom"]),
      label: "checkpoint",
    });
    const manager = service<SessionsService>(started, "sessions").manager;
    expect(manager.getEntries().find((entry) => entry.type === "custom")).toMatchObject({ customType: "api-state", data: { count: 1 } });
  });
});

describe("exec, events and ctx", () => {
  it("exec collects output and exit code, stops on timeout, and reports a program that cannot start", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD] });
    await started.session.prompt('/exec process.stdout.write("out"); process.stderr.write("err"); process.exit(3)');
    expect(api().exec).toEqual({ stdout: "out", stderr: "err", code: 3, killed: false, truncated: false });
    await started.session.prompt("/exec-timeout");
    expect(api().execTimeout).toMatchObject({ killed: true });
    await started.session.prompt("/exec-missing");
    expect(api().execMissing).toMatchObject({ code: 1, killed: false, stderr: expect.stringContaining("ENOENT") });
  });

  it("pi.events is shared between the extensions of a session", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD] });
    await started.session.prompt("/bus ping");
    expect(api().bus).toBe("ping");
  });

  it("ctx answers as pi's print mode: no UI, dialogs decline, styling is plain text", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD], turns: [{ text: "hi", usage: { input: 100, output: 20 } }] });
    await started.session.prompt("hello");
    await started.session.prompt("/ctx");
    expect(api().ctx).toEqual({
      hasUI: false,
      cwd: world.project,
      idle: true,
      usage: { tokens: expect.any(Number), contextWindow: 128_000, percent: expect.any(Number) },
      hasSystemPrompt: true,
      model: "scripted-model",
      confirm: false,
      select: undefined,
      input: undefined,
      themed: "styled",
      pending: false,
      signal: true,
      available: true,
    });
  });

  it("ctx.shutdown is recorded for the host", async () => {
    const started = await startSession(world, { paths: [EVERY_METHOD] });
    await started.session.prompt("/shutdown");
    expect(service<ExtensionsService>(started, "extensions").shutdownRequested).toBe(true);
  });
});
