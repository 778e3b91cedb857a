// `before` as the kernel places it: ahead of every tap the named plugins made on the hook (tapable's own `before`
// stops at a plugin's latest tap), ignored for plugins that did not tap it (tapable would move the tap to the
// front), and never ahead of a named tap of a lower stage. `registry.plugins` lists plugins in setup order.
import { describe, expect, it } from "vitest";
import { boot, type PithPlugin, type PluginContext } from "../../kernel/index.js";

async function contexts(...names: string[]) {
  const found = new Map<string, PluginContext>();
  const plugins: PithPlugin[] = names.map((name) => ({ name, setup: (context) => void found.set(name, context) }));
  const { session } = await boot({ cwd: process.cwd(), plugins });
  const log: string[] = [];
  const tap = (name: string, label: string, options?: { stage?: number; before?: string | string[] }) =>
    found.get(name)!.on("session_start", () => void log.push(label), options);
  return { session, log, tap };
}

describe("TapOptions.before", () => {
  it("runs ahead of every tap of the named plugins, also when one tapped the hook twice", async () => {
    const { session, log, tap } = await contexts("early", "ext", "late");
    tap("early", "early");
    tap("late", "late-1");
    tap("late", "late-2");
    tap("ext", "ext", { before: ["late"] });
    await session.start("startup");
    expect(log).toEqual(["early", "ext", "late-1", "late-2"]);
    expect(session.registry.plugins).toEqual(["early", "ext", "late"]);
  });

  it("changes nothing for a plugin that has not tapped the hook, and keeps a lower-stage named tap ahead", async () => {
    const { session, log, tap } = await contexts("a", "b", "c");
    tap("a", "a");
    tap("c", "c-first", { stage: -10 });
    tap("b", "b", { before: ["absent"] });
    tap("b", "b-before-c", { before: "c" });
    await session.start("startup");
    expect(log).toEqual(["c-first", "a", "b", "b-before-c"]);
  });
});
