// The contract's undo: every register* returns a disposer, a scope undoes all of a part's taps and registrations
// at once (and its taps keep the parent plugin's place), a setup that never finishes fails the boot naming the
// plugin, and `context.time` puts a plugin's own parts into the boot timing.
import { describe, expect, it } from "vitest";
import { boot, type PithPlugin, type PluginContext, type ToolDefinition } from "../../kernel/index.js";
import { formatTimings } from "../../lib/timing/boot-timing-report.js";

const tool = (name: string, text: string): ToolDefinition => ({
  name,
  description: text,
  parameters: { type: "object", properties: {} },
  execute: async () => ({ content: [{ type: "text", text }] }),
});

async function contextOf(plugins: PithPlugin[] = []): Promise<{ context: PluginContext; order: string[]; problems: string[] }> {
  let captured: PluginContext | undefined;
  const order: string[] = [];
  const problems: string[] = [];
  const host: PithPlugin = { name: "host", setup: (context) => void (captured = context) };
  const later: PithPlugin = { name: "later", setup: (context) => void context.on("turn_end", () => void order.push("later")) };
  await boot({
    cwd: process.cwd(),
    plugins: [{ name: "tools", setup: (context) => void context.registerTool(tool("read", "built-in")) }, host, later, ...plugins],
    onProblem: (error) => void problems.push(error.message),
  });
  return { context: captured!, order, problems };
}

describe("register* disposers", () => {
  it("undo exactly their registration, and a replaced one comes back", async () => {
    const { context, problems } = await contextOf();
    const unregisterTool = context.registerTool(tool("read", "override"));
    expect(problems).toEqual(['tool "read" from host replaces the one from tools']);
    const unregisterCommand = context.registerCommand({ name: "hello", handler: () => undefined });
    const unregisterProvider = context.registerProvider({ api: "test-api", stream: async function* () {} } as never);
    const unprovide = context.provide("testService" as never, { ok: true } as never);
    expect(context.registry.tools.get("read")?.description).toBe("override");
    expect(context.registry.tools.owner("read")).toBe("host");

    unregisterTool();
    unregisterCommand();
    unregisterProvider();
    unprovide();
    unregisterTool();
    expect(context.registry.tools.get("read")?.description).toBe("built-in");
    expect(context.registry.commands.has("hello")).toBe(false);
    expect(context.registry.providers.has("test-api")).toBe(false);
    expect(context.tryUse("testService" as never)).toBeUndefined();
  });

  it("of services: a replaced service comes back, and one undone while replaced stays gone", async () => {
    const { context, problems } = await contextOf();
    const name = "testService" as never;
    const first = context.scope("first");
    const second = context.scope("second");
    first.provide(name, { from: "first" } as never);
    const undoSecond = second.provide(name, { from: "second" } as never);
    expect(problems).toEqual(['service "testService" from second replaces the one from first']);
    expect(context.use(name)).toEqual({ from: "second" });
    undoSecond();
    expect(context.use(name)).toEqual({ from: "first" });

    const third = context.scope("third");
    third.provide(name, { from: "third" } as never);
    first.dispose();
    third.dispose();
    expect(context.tryUse(name)).toBeUndefined();
    expect(() => context.use(name)).toThrow(expect.objectContaining({ code: "PLUGIN_SERVICE_MISSING" }));
  });
});

describe("a scope", () => {
  it("undoes all of its taps and registrations at once, latest first, and refuses more afterwards", async () => {
    const { context, problems } = await contextOf();
    const scope = context.scope("part.ts");
    const heard: string[] = [];
    scope.on("turn_end", () => void heard.push("part"));
    scope.registerTool(tool("read", "part's read"));
    scope.registerCommand({ name: "part", handler: () => undefined });
    const inner = scope.scope("inner");
    inner.registerCommand({ name: "inner", handler: () => undefined });
    expect(context.registry.tools.owner("read")).toBe("part.ts");
    expect(problems).toEqual(['tool "read" from part.ts replaces the one from tools']);

    await context.hooks.turn_end.promise({ message: {} as never, toolResults: [], turnIndex: 0, outcome: "completed", continue: false });
    expect(heard).toEqual(["part"]);
    scope.dispose();
    await context.hooks.turn_end.promise({ message: {} as never, toolResults: [], turnIndex: 0, outcome: "completed", continue: false });
    expect(heard).toEqual(["part"]);
    expect(context.registry.tools.get("read")?.description).toBe("built-in");
    expect(context.registry.commands.has("part")).toBe(false);
    expect(context.registry.commands.has("inner")).toBe(false);
    expect(() => scope.registerCommand({ name: "late", handler: () => undefined })).toThrow(expect.objectContaining({ code: "PLUGIN_SCOPE_DISPOSED" }));
    expect(context.registry.commands.has("late")).toBe(false);
  });

  it("taps made at run time keep the parent plugin's place: before the plugins loaded after it", async () => {
    const { context, order } = await contextOf();
    context.scope("part.ts").on("turn_end", () => void order.push("part"));
    await context.hooks.turn_end.promise({ message: {} as never, toolResults: [], turnIndex: 0, outcome: "completed", continue: false });
    expect(order).toEqual(["part", "later"]);
  });
});

describe("boot", () => {
  it("fails with an error naming a plugin whose setup never finishes", async () => {
    const stuck: PithPlugin = { name: "stuck-plugin", setup: () => new Promise(() => undefined) };
    const failure = boot({ cwd: process.cwd(), setupTimeoutMs: 50, plugins: [stuck, { name: "never-reached", setup: () => undefined }] });
    await expect(failure).rejects.toMatchObject({ code: "PLUGIN_SETUP_TIMEOUT", plugin: "stuck-plugin", message: expect.stringContaining("plugin stuck-plugin made no progress in its setup for 0.05 s") });
  });

  it("lets a setup that keeps reporting progress (files compiled, parts timed) run past the limit, and fails it once it stalls", async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const working: PithPlugin = {
      name: "compiling",
      async setup(context) {
        // 8 steps of 100 ms: 800 ms in all, against a limit of 500 ms without progress
        for (let step = 0; step < 4; step++) {
          await wait(100);
          context.progress();
        }
        for (let step = 0; step < 4; step++) await context.time(`file ${step}`, () => wait(100));
      },
    };
    const { timings } = await boot({ cwd: process.cwd(), setupTimeoutMs: 500, plugins: [working] });
    expect(timings[0]!.setupMs).toBeGreaterThan(500);

    const stalls: PithPlugin = {
      name: "stalls",
      async setup(context) {
        context.progress();
        await new Promise(() => undefined);
      },
    };
    await expect(boot({ cwd: process.cwd(), setupTimeoutMs: 500, plugins: [stalls] })).rejects.toMatchObject({ code: "PLUGIN_SETUP_TIMEOUT", plugin: "stalls" });
  });

  it("a plugin's timed parts appear below its setup in the timing report", async () => {
    const timed: PithPlugin = {
      name: "timed",
      async setup(context) {
        await context.time("a file", (part) => part("import", async () => undefined));
      },
    };
    const { timings } = await boot({ cwd: process.cwd(), plugins: [timed] });
    expect(timings[0]!.parts).toEqual([{ label: "a file", ms: expect.any(Number), children: [{ label: "import", ms: expect.any(Number), children: [] }] }]);
    expect(formatTimings(timings)).toMatch(/\n {6}setup .*\n {8}a file .*\n {10}import /);
  });
});
