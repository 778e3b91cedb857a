// pi 1.6.0's extension contract, read from its own declaration files, against what an extension meets in pith:
// every event `pi.on()` names is bridged to a pith hook, and every member of `pi`, `ctx` (event, command and tool
// contexts), `ctx.ui`, `ctx.sessionManager` and `ctx.modelRegistry` is there, except the ones docs/compatibility.md
// lists as missing (KNOWN_MISSING). A member pi adds in a later version fails this test until pith has it or the
// list and the docs name it.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgedEvents } from "../../plugins/extensions/events/hook-bridge.js";
import { PI16_PACKAGE } from "../support/pi-node22.js";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";

const dist = (file: string) => readFileSync(`${PI16_PACKAGE}/dist/core/${file}`, "utf8");
const extensionTypes = dist("extensions/types.d.ts");

/** The member names of an exported interface or class of a declaration file (4-space indented members). */
function membersOf(text: string, declaration: string): string[] {
  const start = text.search(new RegExp(`export (?:interface|declare class) ${declaration}[ <]`));
  expect(start, declaration).toBeGreaterThan(-1);
  const body = text.slice(start, text.indexOf("\n}\n", start));
  const names = [...body.matchAll(/^ {4}(?:readonly )?(\w+)\??[(<:]/gm)].map((match) => match[1]!);
  return [...new Set(names)].filter((name) => name !== "constructor");
}

/** The names pith lacks, each in docs/compatibility.md (none today). */
const KNOWN_MISSING: Record<string, string[]> = {};

const pi16 = {
  pi: membersOf(extensionTypes, "ExtensionAPI"),
  ctx: membersOf(extensionTypes, "ExtensionContext"),
  commandCtx: [...membersOf(extensionTypes, "ExtensionContext"), ...membersOf(extensionTypes, "ExtensionCommandContext")],
  toolCtx: [...membersOf(extensionTypes, "ExtensionContext"), ...membersOf(extensionTypes, "ExtensionToolContext")],
  ui: membersOf(extensionTypes, "ExtensionUIContext"),
  sessionManager: /ReadonlySessionManager = Pick<SessionManager, ([^>]+)>/.exec(dist("session-manager.d.ts"))![1]!.match(/\w+/g)!,
  modelRegistry: membersOf(dist("model-registry.d.ts"), "ModelRegistry"),
};

const seen = globalThis as { __pithWalk?: Record<string, string[]> };
let world: World;
beforeAll(async () => {
  world = await createWorld();
  seen.__pithWalk = {};
});
afterAll(() => world.close());

it("every event pi 1.6.0's pi.on() takes is bridged to a pith hook", () => {
  const events = [...extensionTypes.matchAll(/^ {4}on\(event: "(\w+)"/gm)].map((match) => match[1]!);
  expect(events.length).toBeGreaterThan(40);
  expect(events.filter((event) => !bridgedEvents().includes(event as never))).toEqual([]);
});

describe("members an extension meets", () => {
  it("pi, ctx, the command and tool contexts, ctx.ui, ctx.sessionManager and ctx.modelRegistry have pi 1.6.0's members", async () => {
    const path = await world.write(
      "ext/walk.ts",
      `import { Type } from "typebox";
       const names = (value: any) => { const all: string[] = []; for (const key in value) all.push(key); return all; };
       const save = (key: string, value: unknown) => { (globalThis as any).__pithWalk[key] = names(value); };
       export default function (pi: any) {
         save("pi", pi);
         pi.on("session_start", (_event: any, ctx: any) => { save("ctx", ctx); save("ui", ctx.ui); save("sessionManager", ctx.sessionManager); save("modelRegistry", ctx.modelRegistry); });
         pi.registerCommand("walk", { handler: async (_args: string, ctx: any) => save("commandCtx", ctx) });
         pi.registerTool({ name: "walk", description: "d", parameters: Type.Object({}), execute: async (_id: string, _params: unknown, _signal: unknown, _update: unknown, ctx: any) => {
           save("toolCtx", ctx);
           return { content: [{ type: "text", text: "ok" }] };
         } });
       }`,
    );
    const started = await startSession(world, { paths: [path], turns: [{ toolCalls: [{ name: "walk", arguments: {} }] }, { text: "done" }] });
    await started.session.prompt("/walk");
    await started.session.prompt("go");
    expect(messagesOf(started.problems)).toEqual([]);
    const missing = Object.fromEntries(
      Object.entries(pi16).map(([part, names]) => [part, names.filter((name) => !seen.__pithWalk![part]!.includes(name)).sort()]),
    );
    expect(missing).toEqual({ pi: [], ctx: [], commandCtx: [], toolCtx: [], ui: [], sessionManager: [], modelRegistry: [], ...KNOWN_MISSING });
  });
});
