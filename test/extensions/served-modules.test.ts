// The module names pith serves to extensions, imported on demand: each name works on its own, a type-only import
// loads nothing, and a module first imported by a helper file, or by import() after load, still arrives. Each test
// gets a module loader with nothing loaded yet, so no session is started here (a session's plugins would be fresh
// copies too, and pith's own classes would not match).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWorld, type World } from "./harness.js";

type Loader = typeof import("../../plugins/extensions/loading/module-loader.js");
type Served = typeof import("../../plugins/extensions/shims/index.js");

let world: World;
beforeEach(async () => {
  world = await createWorld();
});
afterEach(() => world.close());

/** A module loader and served-module table of their own, with nothing loaded yet (modules are per process). */
async function freshLoader(): Promise<{ load(path: string): Promise<unknown>; served: Served }> {
  vi.resetModules();
  const { createExtensionModuleLoader } = (await import("../../plugins/extensions/loading/module-loader.js")) as Loader;
  const served = (await import("../../plugins/extensions/shims/index.js")) as Served;
  const loader = createExtensionModuleLoader({ cacheDir: world.cacheDir });
  return { load: (path) => loader.load(path), served };
}

const global = globalThis as Record<string, unknown>;

describe("each served name", () => {
  const names: [specifier: string, exported: string][] = [];
  for (const scope of ["@mariozechner", "@earendil-works"]) {
    names.push(
      [`${scope}/pi-coding-agent`, "VERSION"],
      [`${scope}/pi-ai`, "StringEnum"],
      [`${scope}/pi-ai/compat`, "getCurrentSystemPrompt"],
      [`${scope}/pi-ai/models`, "calculateCost"],
      [`${scope}/pi-ai/providers/all`, "getBuiltinModels"],
      [`${scope}/pi-agent-core`, "DEFAULT_AGENT_IDENTITY"],
      [`${scope}/pi-tui`, "Text"],
    );
  }
  for (const root of ["typebox", "@sinclair/typebox"]) names.push([root, "Type"], [`${root}/compile`, "Compile"], [`${root}/value`, "Value"]);

  it.each(names)("%s works imported on its own", async (specifier, exported) => {
    const { load, served } = await freshLoader();
    const path = await world.write(
      `ext/${specifier.replaceAll(/[@/]/g, "_")}.ts`,
      `import { ${exported} } from "${specifier}";
       export default function (pi: unknown): unknown { return ${exported}; }`,
    );
    const factory = (await load(path)) as () => unknown;
    expect(factory()).toBeDefined();
    expect(served.isLoaded(specifier)).toBe(true);
  });
});

describe("loading on demand", () => {
  it("type-only imports load no served module; a value import loads its own module only", async () => {
    const { load, served } = await freshLoader();
    const typesOnly = await world.write(
      "ext/types-only.ts",
      `import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
       import { type Model } from "@mariozechner/pi-ai";
       import { ExtensionContext } from "@mariozechner/pi-coding-agent";
       export default function (pi: ExtensionAPI, ctx?: ExtensionContext, model?: Model): string { return "types"; }`,
    );
    expect(((await load(typesOnly)) as () => string)()).toBe("types");
    expect(["@mariozechner/pi-coding-agent", "@mariozechner/pi-ai", "typebox"].filter((name) => served.isLoaded(name))).toEqual([]);

    const schema = await world.write(
      "ext/schema.ts",
      `import { Type } from "typebox";
       export default function (): unknown { return Type.Object({ n: Type.Number() }); }`,
    );
    expect(((await load(schema)) as () => unknown)()).toMatchObject({ type: "object", properties: { n: { type: "number" } } });
    // under each of its names
    expect(served.isLoaded("typebox")).toBe(true);
    expect(served.isLoaded("@sinclair/typebox")).toBe(true);
    expect(["typebox/compile", "typebox/value", "@mariozechner/pi-ai", "@mariozechner/pi-coding-agent"].filter((name) => served.isLoaded(name))).toEqual([]);
  });

  it("a module first imported by a helper file loads, and the files imported before it run once", async () => {
    const { load } = await freshLoader();
    global.__pithRuns = [];
    await world.write("ext/helper/first.ts", `(globalThis as any).__pithRuns.push("first"); export const first = 1;`);
    await world.write(
      "ext/helper/second.ts",
      `import { Value } from "typebox/value";
       import { Type } from "@sinclair/typebox";
       import { StringEnum } from "@mariozechner/pi-ai";
       (globalThis as any).__pithRuns.push("second");
       export const check = (v: unknown) => Value.Check(Type.Object({ mode: StringEnum(["a", "b"]) }), v);`,
    );
    const path = await world.write(
      "ext/helper/index.ts",
      `import { first } from "./first";
       import { check } from "./second";
       (globalThis as any).__pithRuns.push("index");
       export default function (): unknown { return [first, check({ mode: "a" }), check({ mode: "c" })]; }`,
    );
    expect(((await load(path)) as () => unknown)()).toEqual([1, true, false]);
    expect(global.__pithRuns).toEqual(["first", "second", "index"]);
  });

  it("import() in an extension's main file works when it runs after load", async () => {
    const { load, served } = await freshLoader();
    const path = await world.write(
      "ext/late.ts",
      `export default function (pi: any) {
         pi.registerCommand("late", { handler: async () => {
           const { visibleWidth } = await import("@mariozechner/pi-tui");
           const { Compile } = await import("@sinclair/typebox/compile");
           return [visibleWidth("abc"), typeof Compile];
         } });
       }`,
    );
    const handlers: Record<string, () => Promise<unknown>> = {};
    ((await load(path)) as (pi: unknown) => void)({ registerCommand: (name: string, command: { handler: () => Promise<unknown> }) => (handlers[name] = command.handler) });
    expect(served.isLoaded("@mariozechner/pi-tui")).toBe(true);
    expect(await handlers.late!()).toEqual([3, "function"]);
  });
});

describe("pi's UI components in a process that runs the terminal UI", () => {
  type Components = typeof import("../../plugins/extensions/shims/ui/terminal-components.js");
  const borderExtension = `import { DynamicBorder } from "@mariozechner/pi-coding-agent";
     export default function (pi: unknown): unknown { return DynamicBorder; }`;

  it("come with pi's module when an extension first imports it, not before", async () => {
    const { load, served } = await freshLoader();
    const ui = { theme: {}, getAllThemes: () => [{ name: "from-the-ui" }] };
    await served.serveTerminalComponents(() => ui);
    // the components' theme accessors are not told of the UI until they load
    const themes = await import("../../plugins/extensions/shims/ui/terminal-theme.js");
    expect(themes.themeNames()).not.toContain("from-the-ui");
    expect(served.isLoaded("@mariozechner/pi-coding-agent")).toBe(false);
    const factory = (await load(await world.write("ext/border.ts", borderExtension))) as () => unknown;
    const terminal = (await import("../../plugins/extensions/shims/ui/terminal-components.js")) as Components;
    expect(factory()).toBe(terminal.DynamicBorder);
    expect(themes.themeNames()).toEqual(["from-the-ui"]);
  });

  it("replace the inert ones of pi's module when it was imported before the terminal UI started", async () => {
    const { load, served } = await freshLoader();
    const factory = (await load(await world.write("ext/early-border.ts", borderExtension))) as () => unknown;
    const terminal = (await import("../../plugins/extensions/shims/ui/terminal-components.js")) as Components;
    expect(factory()).not.toBe(terminal.DynamicBorder);
    await served.serveTerminalComponents(() => undefined);
    expect((served.virtualModules["@mariozechner/pi-coding-agent"] as { DynamicBorder?: unknown }).DynamicBorder).toBe(terminal.DynamicBorder);
  });
});
