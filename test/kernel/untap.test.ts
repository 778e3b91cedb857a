// Disposers: `context.on` returns one that removes exactly its tap (tapable has no public untap, so this also
// guards the tapable internals kernel/untap.ts relies on), and registries bring back what a removed
// registration had replaced.
import { AsyncSeriesHook, SyncHook } from "tapable";
import { describe, expect, it } from "vitest";
import { boot, PithError, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { NamedRegistry } from "../../kernel/registry.js";
import { tapRemovably } from "../../kernel/untap.js";

describe("tapable internals pith relies on", () => {
  it("keeps taps in hook.taps and recompiles after _resetCompilation (kernel/untap.ts breaks if this changes)", async () => {
    const hook = new AsyncSeriesHook<[string[]]>(["log"]);
    hook.tapPromise("a", async (log) => void log.push("a"));
    const internals = hook as unknown as { taps: { name: string }[]; _resetCompilation: () => void };
    expect(Array.isArray(internals.taps)).toBe(true);
    expect(typeof internals._resetCompilation).toBe("function");
    const log: string[] = [];
    await hook.promise(log); // compiles
    internals.taps.length = 0;
    internals._resetCompilation();
    await hook.promise(log);
    expect(log).toEqual(["a"]);
  });
});

describe("tapRemovably", () => {
  it("removes only its own tap, also after the hook was compiled, and a second call does nothing", () => {
    const hook = new SyncHook<[string[]]>(["log"]);
    hook.tap("same-name", (log) => void log.push("first"));
    const dispose = tapRemovably(hook, () => hook.tap("same-name", (log) => void log.push("second")));
    hook.tap("same-name", (log) => void log.push("third"));
    const before: string[] = [];
    hook.call(before);
    expect(before).toEqual(["first", "second", "third"]);

    dispose();
    dispose();
    const after: string[] = [];
    hook.call(after);
    expect(after).toEqual(["first", "third"]);
  });

  it("refuses a hook that does not look like tapable's", () => {
    expect(() => tapRemovably({}, () => undefined)).toThrow(PithError);
  });
});

describe("PluginContext.on's disposer", () => {
  it("stops the handler, keeps the plugin's other taps, and the hook's failure policy still applies to the rest", async () => {
    const seen: string[] = [];
    let context!: PluginContext;
    const plugin: PithPlugin = {
      name: "observer",
      setup(ctx) {
        context = ctx;
      },
    };
    const problems: PithError[] = [];
    const { session } = await boot({ cwd: process.cwd(), plugins: [plugin], onProblem: (error) => problems.push(error) });
    const stop = context.on("session_start", (event) => void seen.push(`removed:${event.reason}`));
    context.on("session_start", (event) => void seen.push(`kept:${event.reason}`));
    context.on("session_start", () => {
      throw new Error("boom");
    });
    await session.start("startup");
    stop();
    await session.start("reload");
    expect(seen).toEqual(["removed:startup", "kept:startup", "kept:reload"]);
    expect(problems.map((problem) => problem.message)).toEqual(["observer failed in session_start: boom", "observer failed in session_start: boom"]);
  });

  it("removes a sync event_emitted tap", async () => {
    let context!: PluginContext;
    const { session } = await boot({ cwd: process.cwd(), plugins: [{ name: "p", setup: (ctx) => void (context = ctx) }] });
    const types: string[] = [];
    const stop = context.on("event_emitted", (event) => void types.push(event.type));
    session.emit({ type: "agent_start" });
    stop();
    session.emit({ type: "agent_start" });
    expect(types).toEqual(["agent_start"]);
  });
});

describe("NamedRegistry.remove", () => {
  const registry = () => {
    const conflicts: string[] = [];
    return { conflicts, tools: new NamedRegistry<string>("tool", (error) => conflicts.push(error.message)) };
  };

  it("brings back the registration a removed one replaced", () => {
    const { tools, conflicts } = registry();
    tools.set("read", "built-in read", "tools");
    tools.set("read", "extension read", "extension a.ts");
    expect(conflicts).toEqual(['tool "read" from extension a.ts replaces the one from tools']);
    expect(tools.remove("read", "extension a.ts")).toBe(true);
    expect(tools.get("read")).toBe("built-in read");
    expect(tools.owner("read")).toBe("tools");
    expect(tools.remove("read", "extension a.ts")).toBe(false);
  });

  it("drops a replaced registration for good when its owner is removed, and removes a name with no history", () => {
    const { tools } = registry();
    tools.set("read", "built-in", "tools");
    tools.set("read", "a", "a");
    tools.set("read", "b", "b");
    expect(tools.remove("read", "a")).toBe(true);
    expect(tools.get("read")).toBe("b");
    tools.remove("read", "b");
    expect(tools.get("read")).toBe("built-in");
    tools.remove("read", "tools");
    expect(tools.has("read")).toBe(false);
  });

  it("does not resurrect an owner's older value after that owner registered again and was removed", () => {
    const { tools } = registry();
    tools.set("x", "a1", "a");
    tools.set("x", "b1", "b");
    tools.set("x", "a2", "a");
    tools.remove("x", "a");
    expect(tools.get("x")).toBe("b1");
    tools.remove("x", "b");
    expect(tools.has("x")).toBe(false);
  });
});
