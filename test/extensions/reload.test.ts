// pi's reload (`ctx.reload()`, PithSession.reload): the extension files are imported again and every factory runs
// as a new instance; the old instance hears session_shutdown and leaves nothing behind, the new one hears
// session_start and resources_discover with reason "reload"; active tools and flag values carry over.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionControlService } from "../../plugins/session-control/index.js";
import type { ExtensionsService } from "../../plugins/extensions/index.js";
import type { AgentSession } from "../../kernel/agent-session.js";
import type { PithPlugin } from "../../kernel/plugin.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const state = globalThis as { __pithReload?: string[] };
const log = () => state.__pithReload ?? [];

/** An extension as pi's docs write one; `extra` goes into the factory. */
const extension = (id: string, extra = "") => `
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "@sinclair/typebox";

const log = ((globalThis as { __pithReload?: string[] }).__pithReload ??= []);

export default function (pi: ExtensionAPI) {
  log.push("${id} factory");
  pi.registerFlag("mode", { description: "how to answer", type: "string", default: "plain" });
  pi.on("session_start", (event) => {
    log.push(\`${id} session_start \${event.reason} mode=\${pi.getFlag("mode")}\`);
  });
  pi.on("session_shutdown", (event) => {
    log.push(\`${id} session_shutdown \${event.reason}\`);
  });
  pi.on("resources_discover", (event) => {
    log.push(\`${id} resources_discover \${event.reason}\`);
  });
  pi.registerCommand("reload-extensions", {
    description: "Reload the extensions",
    handler: async (_args, ctx) => {
      await ctx.reload();
    },
  });
  ${extra}
}
`;

const tool = (name: string) => `
  pi.registerTool({
    name: "${name}",
    label: "${name}",
    description: "the ${name} tool",
    parameters: Type.Object({}),
    async execute() {
      return { content: [{ type: "text", text: "${name} ran" }], details: {} };
    },
  });`;

const V1 = extension(
  "v1",
  `pi.on("input", () => {
    log.push("v1 input");
  });
  ${tool("old_tool")}
  ${tool("read")}`,
);
const V2 = extension("v2", tool("new_tool"));

const service = <T>(session: AgentSession, name: string) => session.registry.services.get(name)! as T;

let world: World;
beforeEach(async () => {
  world = await createWorld();
  state.__pithReload = [];
});
afterEach(() => world.close());

describe("reload", () => {
  it("runs the edited file as a new instance: new tool, old handler gone, shutdown → start → resources_discover", async () => {
    const file = await world.write("ext/main.ts", V1);
    const started = await startSession(world, { paths: [file], turns: [{ text: "one" }, { text: "two" }] });
    const { session } = started;
    service<ExtensionsService>(session, "extensions").applyFlags(["--mode", "loud"]);
    session.setActiveTools(session.activeToolNames().filter((name) => name !== "bash"));
    expect(session.registry.tools.owner("read")).toMatch(/^extension .*main\.ts$/);
    await session.prompt("hello");
    expect(log()).toContain("v1 input");

    await world.write("ext/main.ts", V2);
    log().length = 0; // in place: each instance holds the array it found
    await session.prompt("/reload-extensions");
    expect(log()).toEqual(["v1 session_shutdown reload", "v2 factory", "v2 session_start reload mode=loud", "v2 resources_discover reload"]);

    // the new instance's tool is there and active; the old one's are gone, and the built-in read is back
    expect(session.registry.tools.has("old_tool")).toBe(false);
    expect(session.activeToolNames()).toContain("new_tool");
    expect(session.registry.tools.owner("read")).toBe("tools");
    // the tools the user had switched off stay off
    expect(session.activeToolNames()).toContain("read");
    expect(session.activeToolNames()).not.toContain("bash");
    expect(service<ExtensionsService>(session, "extensions").flagValue("mode")).toBe("loud");

    log().length = 0;
    await session.prompt("again");
    expect(log()).toEqual([]); // v1's input handler no longer fires
    // v1's read replaced the built-in one (reported once, at start-up); nothing else went wrong
    expect(started.problems.map((problem) => problem.code)).toEqual(["REGISTRATION_CONFLICT"]);
    await session.dispose();
  });

  it("reports an extension whose factory throws on the re-run and loads the others", async () => {
    const good = await world.write("ext/good.ts", V1);
    const flaky = await world.write(
      "ext/flaky.ts",
      `export default function (pi) { pi.registerCommand("flaky", { handler: async () => {} }); }`.replace("pi)", "pi: any)"),
    );
    const started = await startSession(world, { paths: [good, flaky] });
    const { session } = started;
    expect(session.registry.commands.has("flaky")).toBe(true);

    await world.write("ext/good.ts", V2);
    await world.write("ext/flaky.ts", `export default function () { throw new Error("broken on purpose"); }`);
    await service<SessionControlService>(session, "sessionControl").reload();

    expect(messagesOf(started.problems).some((message) => message.includes("flaky.ts") && message.includes("broken on purpose"))).toBe(true);
    expect(session.registry.commands.has("flaky")).toBe(false);
    expect(session.registry.tools.has("new_tool")).toBe(true);
    expect(service<ExtensionsService>(session, "extensions").loaded.map((loaded) => loaded.path)).toEqual([good]);
    await session.dispose();
  });
});

describe("handler order after a reload", () => {
  /** Taps `input` (twice, as a plugin may) and `agent_end`, logging under its name. */
  const observer = (name: string, taps: number): PithPlugin => ({
    name,
    setup(context) {
      for (let tap = 1; tap <= taps; tap++) context.on("input", () => void log().push(`${name} input ${tap}`));
      context.on("agent_end", () => void log().push(`${name} agent_end`));
    },
  });
  const ordered = (id: string, extra = "") =>
    `export default function (pi: any) {
  pi.on("input", () => { ((globalThis as any).__pithReload ??= []).push("${id} input"); });
  ${extra}
}`;

  it("keeps the extensions between the plugins set up before and after them, also on hooks first tapped after it", async () => {
    const file = await world.write("ext/ordered.ts", ordered("v1"));
    const { session, problems } = await startSession(world, {
      paths: [file],
      turns: [{ text: "one" }, { text: "two" }],
      before: [observer("early", 1)],
      after: [observer("late", 2)],
    });
    await session.prompt("hello");
    expect(log()).toEqual(["early input 1", "v1 input", "late input 1", "late input 2", "early agent_end", "late agent_end"]);

    await world.write("ext/ordered.ts", ordered("v2", `pi.on("agent_end", () => { ((globalThis as any).__pithReload ??= []).push("v2 agent_end"); });`));
    await service<SessionControlService>(session, "sessionControl").reload();
    log().length = 0;
    await session.prompt("again");
    expect(log()).toEqual(["early input 1", "v2 input", "late input 1", "late input 2", "early agent_end", "v2 agent_end", "late agent_end"]);
    expect(problems).toEqual([]);
    await session.dispose();
  });
});

describe("resources_discover", () => {
  it("adds an extension's skill and prompt paths: the skill is in the system prompt and runs as /skill:name", async () => {
    const skills = `${world.root}/ext/resources/skills`;
    const prompts = `${world.root}/ext/resources/prompts`;
    const themes = `${world.root}/ext/resources/themes`;
    await world.write("ext/resources/skills/deploy/SKILL.md", "---\nname: deploy\ndescription: Ship the build\n---\nRun the deploy script.");
    await world.write("ext/resources/prompts/ship.md", "Ship $1 carefully");
    const file = await world.write(
      "ext/resources.ts",
      `import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: ExtensionAPI) {
  pi.on("resources_discover", () => ({ skillPaths: [${JSON.stringify(skills)}], promptPaths: [${JSON.stringify(prompts)}], themePaths: [${JSON.stringify(themes)}] }));
}`,
    );
    const started = await startSession(world, { paths: [file], turns: [{ text: "deployed" }, { text: "shipped" }] });
    const { session, scripted } = started;

    expect(session.systemPrompt).toContain("<name>deploy</name>");
    const commands = service<ExtensionsService>(session, "extensions").commands();
    expect(commands.find((command) => command.name === "skill:deploy")).toMatchObject({
      source: "skill",
      sourceInfo: { source: "extension:resources", scope: "temporary", origin: "top-level" },
    });
    expect(commands.map((command) => command.name)).toContain("ship");
    expect(service<ExtensionsService>(session, "extensions").discoveredResources().themePaths).toEqual([themes]);

    await session.prompt("/skill:deploy now");
    expect(JSON.stringify(scripted.requests[0]!.messages[0])).toContain("Run the deploy script.");
    await session.prompt("/ship v2");
    expect(JSON.stringify(scripted.requests[1]!.messages.at(-1))).toContain("Ship v2 carefully");

    // an instance that no longer contributes them takes them back on reload
    await world.write("ext/resources.ts", `export default function () {}`);
    await service<SessionControlService>(session, "sessionControl").reload();
    expect(session.systemPrompt).not.toContain("<name>deploy</name>");
    expect(started.problems).toEqual([]);
    await session.dispose();
  });
});
