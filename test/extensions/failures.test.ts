// Broken extensions are reported (file, event or method, message) and never stop the others; two extensions
// claiming one name never stop start-up either: precedence decides and the loser is reported with both files.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

let world: World;
beforeEach(async () => {
  world = await createWorld();
  (globalThis as { __pithRan?: string[] }).__pithRan = [];
});
afterEach(() => world.close());

const ran = () => (globalThis as { __pithRan?: string[] }).__pithRan ?? [];

/** An extension that registers a command `/<name>` recording that it ran, plus whatever `body` adds. */
const extension = (name: string, body = "") => `
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: ExtensionAPI) {
  pi.registerCommand("${name}", { handler: async () => { (globalThis as any).__pithRan.push("${name}"); } });
  ${body}
}
`;

describe("broken extensions", () => {
  it("a syntax error, a missing factory and a throwing factory are reported by file; the rest loads", async () => {
    const paths = [
      await world.write("ext/syntax.ts", "export default function (pi) { pi.on('input', ( => 1); }"),
      await world.write("ext/no-factory.ts", "export const nothing = 1;"),
      await world.write("ext/throws.ts", extension("half", `pi.on("input", () => { throw new Error("never registered"); }); throw new Error("bad config");`)),
      await world.write("ext/good.ts", extension("good")),
    ];
    const started = await startSession(world, { paths, turns: [{ text: "ok" }] });
    const problems = messagesOf(started.problems);
    expect(problems).toEqual([
      expect.stringMatching(/^Failed to load extension .*ext\/syntax\.ts: /),
      expect.stringMatching(/^Extension .*ext\/no-factory\.ts does not export a valid factory function/),
      expect.stringMatching(/^extension .*ext\/throws\.ts failed while loading: bad config$/),
    ]);
    expect(started.problems.map((problem) => problem.code)).toEqual(["EXTENSION_LOAD_FAILED", "EXTENSION_INVALID", "EXTENSION_FACTORY_FAILED"]);

    // the throwing factory's registrations were dropped (its input handler would throw); the good extension works
    await started.session.prompt("/good");
    await started.session.prompt("hello");
    expect(ran()).toEqual(["good"]);
    expect(started.session.registry.commands.has("half")).toBe(false);
    expect(started.session.messages.map((message) => message.role)).toEqual(["system", "user", "assistant"]);
    expect(started.problems).toHaveLength(3);
  });

  it("a throwing handler is reported with its file and event, and later handlers still run", async () => {
    const paths = [
      await world.write("ext/flaky.ts", extension("flaky", `pi.on("turn_end", () => { throw new Error("boom"); }); pi.on("agent_end", () => { throw new Error("bang"); });`)),
      await world.write("ext/steady.ts", extension("steady", `pi.on("turn_end", () => { (globalThis as any).__pithRan.push("steady turn_end"); });`)),
      await world.write("ext/cmd.ts", extension("cmd", `pi.registerCommand("explode", { handler: async () => { throw new Error("kaput"); } });`)),
      await world.write("ext/listener.ts", extension("listen", `pi.events.on("ping", () => { throw new Error("deaf"); }); pi.events.on("ping", (data) => { (globalThis as any).__pithRan.push(\`heard \${data}\`); });`)),
      await world.write("ext/emitter.ts", extension("emit", `pi.registerCommand("ping", { handler: async () => pi.events.emit("ping", "hello") });`)),
    ];
    const started = await startSession(world, { paths, turns: [{ text: "ok" }] });
    await started.session.prompt("hello");
    await started.session.prompt("/explode");
    await started.session.prompt("/ping");
    expect(ran()).toEqual(["steady turn_end", "heard hello"]);
    expect(messagesOf(started.problems)).toEqual([
      expect.stringMatching(/^extension .*ext\/flaky\.ts failed in turn_end: boom$/),
      expect.stringMatching(/^extension .*ext\/flaky\.ts failed in agent_end: bang$/),
      expect.stringMatching(/^extension .*ext\/cmd\.ts failed in command:explode: kaput$/),
      expect.stringMatching(/^extension .*ext\/listener\.ts failed in events\.on\("ping"\): deaf$/),
    ]);
    expect(started.problems[0]).toMatchObject({ plugin: expect.stringContaining("flaky.ts"), hook: "turn_end" });
  });

  it("a throwing tool_call handler blocks the call (fails closed); a throwing tool_result handler makes an error result", async () => {
    const paths = [
      await world.write(
        "ext/guard.ts",
        extension(
          "guard",
          `pi.on("tool_call", (event) => { if (event.toolName === "read") throw new Error("guard crashed"); });
           pi.on("tool_result", (event) => { if (event.toolName === "ls") throw new Error("redactor crashed"); });`,
        ),
      ),
    ];
    const started = await startSession(world, {
      paths,
      tools: ["read", "ls"],
      turns: [{ toolCalls: [{ name: "read", arguments: { path: "x.txt" } }, { name: "ls", arguments: {} }] }, { text: "done" }],
    });
    await started.session.prompt("look");
    const results = started.session.messages.filter((message) => message.role === "toolResult");
    expect(messagesOf(started.problems)).toEqual([
      expect.stringMatching(/guard\.ts failed in tool_call: guard crashed$/),
      expect.stringMatching(/guard\.ts failed in tool_result: redactor crashed$/),
    ]);
    expect(results.map((result) => [result.isError, (result.content[0] as { text: string }).text])).toEqual([
      [true, "guard crashed"],
      [true, expect.stringMatching(/guard\.ts failed in tool_result: redactor crashed/)],
    ]);
  });

  it("a broken registerProvider is reported and the other registrations stay", async () => {
    const paths = [await world.write("ext/provider.ts", extension("provider", `pi.registerProvider("broken", { models: [{ id: "m" }] });`))];
    const started = await startSession(world, { paths });
    await started.session.prompt("/provider");
    expect(ran()).toEqual(["provider"]);
    expect(messagesOf(started.problems)).toEqual([expect.stringMatching(/provider\.ts failed in registerProvider\("broken"\): /)]);
  });
});

describe("conflicts", () => {
  const RULE = "(-e extensions win over project ones, project over global, and a later one over an earlier one from the same place.)";
  const tool = (name: string, text: string) => `
    pi.registerTool({ name: "${name}", label: "${name}", description: "d", parameters: { type: "object", properties: {} },
      async execute() { return { content: [{ type: "text", text: "${text}" }] }; } });`;

  it("the same tool, command and flag from -e, project and global extensions: -e wins, then project, then global", async () => {
    await world.write("project/.pi/settings.json", "{}");
    await world.write("agent/settings.json", JSON.stringify({ trustedProjects: [world.project] }));
    await world.write("agent/extensions/global.ts", extension("same", `${tool("dup", "global")} pi.registerFlag("mode", { type: "string" });`));
    await world.write("project/.pi/extensions/project.ts", extension("same", `${tool("dup", "project")} pi.registerFlag("mode", { type: "boolean" });`));
    const cli = await world.write("cli/cli.ts", extension("same", tool("dup", "cli")));
    const started = await startSession(world, { paths: [cli], turns: [{ toolCalls: [{ name: "dup", arguments: {} }] }, { text: "ok" }] });

    await started.session.prompt("call dup");
    expect((started.session.messages.find((message) => message.role === "toolResult")!.content[0] as { text: string }).text).toBe("cli");
    const problems = messagesOf(started.problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        `tool "dup" is registered by ${cli} (-e) and by .pi/extensions/project.ts (project); using ${cli}. ` + RULE,
        `tool "dup" is registered by ${cli} (-e) and by ${world.agentDir}/extensions/global.ts (global); using ${cli}. ` + RULE,
        `command "same" is registered by ${cli} (-e) and by .pi/extensions/project.ts (project); using ${cli}. ` + RULE,
        expect.stringMatching(/^flag "mode" is registered by \.pi\/extensions\/project\.ts \(project\) and by .*global\.ts \(global\)/),
      ]),
    );
    expect(started.problems.every((problem) => problem.code === "EXTENSION_CONFLICT")).toBe(true);

    // every duplicate command stays reachable by number, in load order; the plain name runs the winner
    const service = started.session.registry.services.get("extensions")! as import("../../plugins/extensions/index.js").ExtensionsService;
    expect(service.commands().filter((command) => command.source === "extension").map((command) => command.name)).toEqual(["same:1", "same:2", "same:3"]);
    expect(service.flags()).toEqual([expect.objectContaining({ name: "mode", type: "boolean" })]);
    await started.session.prompt("/same");
    await started.session.prompt("/same:3");
    expect(ran()).toEqual(["same", "same"]);
  });

  it("within one place the later extension wins", async () => {
    const first = await world.write("cli/a.ts", extension("a", tool("dup", "first")));
    const second = await world.write("cli/b.ts", extension("b", tool("dup", "second")));
    const started = await startSession(world, { paths: [first, second], turns: [{ toolCalls: [{ name: "dup", arguments: {} }] }, { text: "ok" }] });
    await started.session.prompt("call dup");
    expect((started.session.messages.find((message) => message.role === "toolResult")!.content[0] as { text: string }).text).toBe("second");
    expect(messagesOf(started.problems)).toEqual([`tool "dup" is registered by ${second} (-e) and by ${first} (-e); using ${second}. ` + RULE]);
  });

  it("an extension tool replaces the built-in of the same name, and the replacement is reported", async () => {
    const path = await world.write("cli/read.ts", extension("r", tool("read", "my read")));
    const started = await startSession(world, { paths: [path], turns: [{ toolCalls: [{ name: "read", arguments: {} }] }, { text: "ok" }] });
    await started.session.prompt("read");
    expect((started.session.messages.find((message) => message.role === "toolResult")!.content[0] as { text: string }).text).toBe("my read");
    expect(messagesOf(started.problems)).toEqual([expect.stringMatching(/tool "read" from extension .*read\.ts replaces the one from tools/)]);
  });
});
