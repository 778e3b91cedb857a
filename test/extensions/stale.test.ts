// Stale instances, as in pi 0.73: after ctx.reload() or a session move the old instance's `pi` and every `ctx` it
// was given throw on use (actions and registrations alike), naming the extension file and saying it was
// reloaded; `pi.events` stays usable. A timer the old instance left running cannot put messages into the new
// session, and the ctx `withSession` gets belongs to the new instance.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentSession } from "../../kernel/agent-session.js";
import { PithError } from "../../kernel/errors.js";
import type { SessionControlService } from "../../plugins/session-control/index.js";
import { createWorld, startSession, type World } from "./harness.js";

interface Kept {
  pi?: Record<string, (...args: unknown[]) => unknown> & { events: { on(channel: string, fn: (data: unknown) => void): () => void; emit(channel: string, data: unknown): void } };
  ctx?: Record<string, unknown>;
  commandCtx?: Record<string, unknown>;
  fresh?: Record<string, unknown>;
  instances?: number;
  ticker?: NodeJS.Timeout;
  tickFailed?: (error: unknown) => void;
  afterReload?: string;
}
const kept = globalThis as { __pithStale?: Kept };
const state = () => (kept.__pithStale ??= {});

/** Keeps its pi and ctx objects where the test can reach them; counts its instances. */
const KEEPER = `
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const g = ((globalThis as any).__pithStale ??= {});

export default function (pi: ExtensionAPI) {
  g.instances = (g.instances ?? 0) + 1;
  g.pi = pi;
  pi.on("session_start", (_event, ctx) => {
    g.ctx = ctx;
  });
  pi.registerCommand("keep", {
    handler: async (_args, ctx) => {
      g.commandCtx = ctx;
    },
  });
  pi.registerCommand("reload-then-act", {
    handler: async (_args, ctx) => {
      await ctx.reload();
      try {
        ctx.ui.notify("after reload", "info");
        g.afterReload = "acted";
      } catch (error) {
        g.afterReload = (error as Error).message;
      }
    },
  });
  pi.registerCommand("tick", {
    handler: async () => {
      g.ticker = setInterval(() => {
        try {
          pi.sendMessage({ customType: "tick", content: "tick", display: true });
        } catch (error) {
          clearInterval(g.ticker);
          g.tickFailed?.(error);
        }
      }, 1);
    },
  });
  pi.registerCommand("move", {
    handler: async (_args, ctx) => {
      await ctx.newSession({
        withSession: async (fresh) => {
          g.fresh = fresh;
          await fresh.sendMessage({ customType: "welcome", content: "hello from withSession", display: true });
        },
      });
    },
  });
}
`;

const control = (session: AgentSession) => session.registry.services.get("sessionControl")! as SessionControlService;

/** The error a call throws (or undefined when it does not throw). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

function expectStale(error: unknown, file: string): void {
  expect(error).toBeInstanceOf(PithError);
  expect((error as PithError).code).toBe("EXTENSION_STALE");
  expect((error as PithError).message).toContain(file);
  expect((error as PithError).message).toContain("was reloaded");
}

let world: World;
beforeEach(async () => {
  world = await createWorld();
  kept.__pithStale = {};
});
afterEach(async () => {
  clearInterval(state().ticker);
  await world.close();
});

describe("a stale instance", () => {
  it("throws from every pi method and every ctx property after a reload; pi.events and the new instance still work", async () => {
    const file = await world.write("ext/keeper.ts", KEEPER);
    const { session, problems } = await startSession(world, { paths: [file] });
    await session.prompt("/keep");
    const { pi: oldPi, ctx: oldCtx, commandCtx: oldCommandCtx } = state();
    expect(oldCtx!.cwd).toBe(world.project); // alive before the reload

    await control(session).reload();
    expect(state().instances).toBe(2);

    const calls: Record<string, () => unknown> = {
      "pi.sendMessage": () => oldPi!.sendMessage({ customType: "late", content: "late" }),
      "pi.sendUserMessage": () => oldPi!.sendUserMessage("late"),
      "pi.exec": () => oldPi!.exec("node", ["--version"]),
      "pi.appendEntry": () => oldPi!.appendEntry("late", {}),
      "pi.setActiveTools": () => oldPi!.setActiveTools([]),
      "pi.getActiveTools": () => oldPi!.getActiveTools(),
      "pi.setSessionName": () => oldPi!.setSessionName("late"),
      "pi.getFlag": () => oldPi!.getFlag("x"),
      "pi.on": () => oldPi!.on("input", () => undefined),
      "pi.registerCommand": () => oldPi!.registerCommand("late", { handler: async () => undefined }),
      "ctx.ui": () => oldCtx!.ui,
      "ctx.cwd": () => oldCtx!.cwd,
      "ctx.model": () => oldCtx!.model,
      "ctx.sessionManager": () => oldCtx!.sessionManager,
      "ctx.isIdle": () => (oldCtx!.isIdle as () => boolean)(),
      "ctx.getSystemPrompt": () => (oldCtx!.getSystemPrompt as () => string)(),
      "command ctx.waitForIdle": () => (oldCommandCtx!.waitForIdle as () => unknown)(),
      "command ctx.newSession": () => (oldCommandCtx!.newSession as () => unknown)(),
      "command ctx.signal": () => oldCommandCtx!.signal,
    };
    for (const [name, call] of Object.entries(calls)) {
      const error = thrown(call);
      expect(error, name).toBeDefined();
      expectStale(error, "keeper.ts");
    }

    // pi keeps the bus usable; the new instance's pi and ctx act normally
    const heard: unknown[] = [];
    oldPi!.events.on("ping", (data) => heard.push(data));
    oldPi!.events.emit("ping", 1);
    expect(heard).toEqual([1]);
    state().pi!.appendEntry("fresh", { ok: true });
    expect(state().ctx!.cwd).toBe(world.project);
    expect(session.registry.commands.has("late")).toBe(false);
    expect(problems).toEqual([]);
    await session.dispose();
  });

  it("a command ctx used after its own await ctx.reload() throws the stale error", async () => {
    const file = await world.write("ext/keeper.ts", KEEPER);
    const { session } = await startSession(world, { paths: [file] });
    await session.prompt("/reload-then-act");
    expect(state().afterReload).toContain("keeper.ts was reloaded");
    await session.dispose();
  });

  it("a timer the old instance left running cannot put messages into the new session", async () => {
    const file = await world.write("ext/keeper.ts", KEEPER);
    const { session } = await startSession(world, { paths: [file], sessionDir: join(world.root, "sessions") });
    // the timer is running and delivering into the first conversation
    const firstTick = new Promise<void>((resolve) => {
      const check = () => (session.messages.some((message) => message.role === "custom") ? resolve() : setImmediate(check));
      check();
    });
    await session.prompt("/tick");
    await firstTick;

    const failed = new Promise<unknown>((resolve) => (state().tickFailed = resolve));
    await control(session).newSession();
    const error = await failed; // the timer fired again, on the old pi
    expectStale(error, "keeper.ts");
    expect(session.messages.filter((message) => message.role === "custom")).toEqual([]);
    await session.dispose();
  });

  it("withSession gets a ctx of the new instance, which itself goes stale at the next move", async () => {
    const file = await world.write("ext/keeper.ts", KEEPER);
    const { session } = await startSession(world, { paths: [file], sessionDir: join(world.root, "sessions") });
    await session.prompt("/move");
    expect(state().instances).toBe(2);
    expect(session.messages).toEqual([expect.objectContaining({ role: "custom", customType: "welcome", content: "hello from withSession" })]);

    const fresh = state().fresh!;
    expect(fresh.cwd).toBe(world.project);
    await control(session).newSession();
    expectStale(thrown(() => (fresh.sendMessage as (message: object) => unknown)({ customType: "late", content: "late" })), "keeper.ts");
    expect(session.messages).toEqual([]);
    await session.dispose();
  });
});
