// The hook table: every hook pith fires is in the catalogue with its kind and failure policy; hooks a plugin
// owns are made on first request, so a plugin loaded before their owner taps them; the docs list the same table.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { boot, HOOK_CATALOGUE, isTapped, KERNEL_OWNER, PithError, type PithPlugin } from "../../kernel/index.js";

describe("the hook catalogue", () => {
  it("declares the session-move, tree, compaction, user-bash, resource-discovery, trust, MCP, cache-warming and routed-request hooks with their owners", () => {
    const owned = Object.fromEntries(Object.entries(HOOK_CATALOGUE).filter(([, spec]) => spec.owner !== KERNEL_OWNER).map(([name, spec]) => [name, spec.owner]));
    expect(owned).toEqual({
      session_before_switch: "session-control",
      session_before_fork: "session-control",
      session_before_tree: "session-control",
      session_tree: "session-control",
      session_before_compact: "compaction",
      session_compact: "compaction",
      session_compact_failed: "compaction",
      user_bash: "session-control",
      resources_discover: "extensions",
      ui_prompt_start: "extensions",
      ui_prompt_end: "extensions",
      project_trust: "project-trust",
      mcp_servers_change: "mcp",
      cache_warming_decision: "cache-warming",
      routed_request: "models",
    });
  });

  it("is the table docs/architecture.md shows: one row per hook, with its kind and policy", async () => {
    const doc = await readFile(new URL("../../docs/architecture.md", import.meta.url), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| ([a-z ]+) \| ([a-z-]+) \| ([a-z_]+) \|/gm)].map((match) => [match[1], { kind: match[2], owner: match[3], policy: match[4] }]);
    const documented = Object.fromEntries(rows);
    const declared = Object.fromEntries(Object.entries(HOOK_CATALOGUE).map(([name, spec]) => [name, { kind: spec.kind, owner: spec.owner, policy: spec.policy }]));
    expect(documented).toEqual(declared);
  });
});

describe("hooks a plugin owns", () => {
  it("are made on first request: a plugin loaded before the owner taps them, and the owner fires them", async () => {
    const heard: string[] = [];
    const early: PithPlugin = {
      name: "early",
      setup(context) {
        context.on("session_before_compact", () => {
          heard.push("early");
          return { cancel: true };
        });
      },
    };
    const problems: PithError[] = [];
    const thrower: PithPlugin = {
      name: "thrower",
      setup(context) {
        context.on(
          "session_before_compact",
          () => {
            throw new Error("boom");
          },
          { stage: -1 },
        );
      },
    };
    let fired: unknown;
    const owner: PithPlugin = {
      name: "compaction",
      async setup(context) {
        const hooks = context.hooksOf("compaction");
        expect(isTapped(hooks.session_before_compact)).toBe(true);
        fired = await hooks.session_before_compact.promise({} as never);
      },
    };
    await boot({ cwd: process.cwd(), plugins: [early, thrower, owner], onProblem: (error) => void problems.push(error) });
    expect(heard).toEqual(["early"]);
    expect(fired).toEqual({ cancel: true });
    // the catalogue's failure policy applies to owned hooks as to the kernel's: reported, then the next handler
    expect(problems.map((problem) => [problem.code, problem.plugin, problem.message])).toEqual([["PLUGIN_HOOK_FAILED", "thrower", "thrower failed in session_before_compact: boom"]]);
  });

  it("one group per owner: every request for an owner's hooks gets the same hooks", async () => {
    let same = false;
    await boot({
      cwd: process.cwd(),
      plugins: [{ name: "a", setup: (context) => void (same = context.hooksOf("session-control") === context.hooksOf("session-control")) }],
    });
    expect(same).toBe(true);
  });

  it("an owner or hook the catalogue does not know is an error that says where hooks are declared", async () => {
    const { session } = await boot({ cwd: process.cwd(), plugins: [] });
    expect(() => session.hookTable.of("nobody")).toThrow(expect.objectContaining({ code: "UNKNOWN_HOOK_OWNER", message: expect.stringContaining("kernel/hooks.ts") }));
    expect(() => session.hookTable.get("no_such_hook" as never)).toThrow(expect.objectContaining({ code: "UNKNOWN_HOOK" }));
  });
});
