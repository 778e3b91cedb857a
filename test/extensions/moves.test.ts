// Session moves rebuild the extensions as pi 0.73 does: session_before_switch / session_before_fork, then
// session_shutdown for the old instance, the factories run again (new instances), then session_start with the
// move's reason and previous file, then resources_discover{reason:"startup"} — in process, and over RPC.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentSession } from "../../kernel/agent-session.js";
import type { SessionControlService } from "../../plugins/session-control/index.js";
import type { SessionsService } from "../../plugins/sessions/index.js";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { closeRpcWorld, startInProcess, type InProcessRpc } from "../rpc/rpc-harness.js";
import { createWorld, startSession, type World } from "./harness.js";

const state = globalThis as { __pithMoves?: string[]; __pithInstances?: number };
const log = () => state.__pithMoves ?? [];

/** Logs every lifecycle event under the number of its instance (how often a factory has run). */
const LIFECYCLE = `
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const g = globalThis as { __pithMoves?: string[]; __pithInstances?: number };

export default function (pi: ExtensionAPI) {
  const id = "i" + (g.__pithInstances = (g.__pithInstances ?? 0) + 1);
  const log = (line: string) => (g.__pithMoves ??= []).push(id + " " + line);
  log("factory");
  pi.on("session_before_switch", (event) => void log(\`session_before_switch \${event.reason} \${event.targetSessionFile ?? "-"}\`));
  pi.on("session_before_fork", (event) => void log(\`session_before_fork \${event.position}\`));
  pi.on("session_shutdown", (event) => void log(\`session_shutdown \${event.reason} \${event.targetSessionFile ?? "-"}\`));
  pi.on("session_start", (event) => void log(\`session_start \${event.reason} \${event.previousSessionFile ?? "-"}\`));
  pi.on("resources_discover", (event) => void log(\`resources_discover \${event.reason}\`));
}
`;

const service = <T>(session: AgentSession, name: string) => session.registry.services.get(name)! as T;

beforeEach(() => {
  state.__pithMoves = [];
  state.__pithInstances = 0;
});

describe("session moves in process", () => {
  let world: World;
  beforeEach(async () => {
    world = await createWorld();
  });
  afterEach(() => world.close());

  it("new, fork and resume run the factories again, with pi's events in pi's order", async () => {
    const file = await world.write("ext/lifecycle.ts", LIFECYCLE);
    const { session } = await startSession(world, { paths: [file], sessionDir: join(world.root, "sessions"), turns: [{ text: "a" }, { text: "b" }] });
    const control = service<SessionControlService>(session, "sessionControl");
    const sessions = service<SessionsService>(session, "sessions");
    expect(log()).toEqual(["i1 factory", "i1 session_start startup -", "i1 resources_discover startup"]);

    await session.prompt("first");
    const first = sessions.manager.getSessionFile()!;
    log().length = 0;
    await control.newSession();
    expect(log()).toEqual([
      "i1 session_before_switch new -",
      "i1 session_shutdown new -",
      "i2 factory",
      `i2 session_start new ${first}`,
      "i2 resources_discover startup",
    ]);

    await session.prompt("second");
    const second = sessions.manager.getSessionFile()!;
    const userEntry = sessions.manager.getEntries().find((entry) => entry.type === "message" && entry.message.role === "user")!;
    log().length = 0;
    await control.fork(userEntry.id, "at");
    expect(log()).toEqual(["i2 session_before_fork at", "i2 session_shutdown fork -", "i3 factory", `i3 session_start fork ${second}`, "i3 resources_discover startup"]);

    const forked = sessions.manager.getSessionFile()!;
    log().length = 0;
    await control.switchSession(first);
    expect(log()).toEqual([
      `i3 session_before_switch resume ${first}`,
      `i3 session_shutdown resume ${first}`,
      "i4 factory",
      `i4 session_start resume ${forked}`,
      "i4 resources_discover startup",
    ]);
    await session.dispose();
    // only the current instance hears the final shutdown
    expect(log().slice(-1)).toEqual(["i4 session_shutdown quit -"]);
  });

  it("a resume whose file cannot be opened leaves the loaded instance as it was", async () => {
    const lifecycle = await world.write("ext/lifecycle.ts", LIFECYCLE);
    const probe = await world.write(
      "ext/probe.ts",
      `export default function (pi: any) { pi.on("input", (_event: unknown, ctx: any) => void (globalThis as any).__pithMoves.push("input in " + ctx.cwd)); }`,
    );
    const { session } = await startSession(world, { paths: [lifecycle, probe], sessionDir: join(world.root, "sessions"), turns: [{ text: "a" }, { text: "b" }] });
    const control = service<SessionControlService>(session, "sessionControl");
    const sessions = service<SessionsService>(session, "sessions");
    await session.prompt("first");
    const first = sessions.manager.getSessionFile()!;
    await control.newSession();
    const current = sessions.manager.getSessionFile();
    // a pith on another machine is writing the first session
    await writeFile(`${first}.lock`, JSON.stringify({ pid: 1, host: "another-machine", created: new Date().toISOString() }));
    log().length = 0;

    await expect(control.switchSession(first)).rejects.toMatchObject({ code: "SESSION_LOCKED" });
    // the extension was asked, and then heard nothing: no session_shutdown, no new instance
    expect(log()).toEqual([`i2 session_before_switch resume ${first}`]);
    expect(sessions.manager.getSessionFile()).toBe(current);
    // and it is not stale: its handlers still get a working context
    await session.prompt("second");
    expect(log()).toContain(`input in ${world.project}`);
    await session.dispose();
  });

  it("a cancelled move keeps the instance it has", async () => {
    const file = await world.write(
      "ext/cancel.ts",
      `export default function (pi: any) { (globalThis as any).__pithInstances++; pi.on("session_before_switch", () => ({ cancel: true })); }`,
    );
    const { session } = await startSession(world, { paths: [file], sessionDir: join(world.root, "sessions") });
    expect(await service<SessionControlService>(session, "sessionControl").newSession()).toEqual({ cancelled: true });
    expect(state.__pithInstances).toBe(1);
    await session.dispose();
  });
});

describe("session moves over RPC", () => {
  let world: CliWorld;
  let rpc: InProcessRpc | undefined;
  beforeEach(async () => {
    world = await createCliWorld();
  });
  afterEach(async () => {
    await closeRpcWorld(world, rpc);
    rpc = undefined;
  });

  it("new_session and clone re-run a global extension with session_start {new|fork, previousSessionFile}", async () => {
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(join(world.agentDir, "extensions"), { recursive: true });
    await writeFile(join(world.agentDir, "extensions", "lifecycle.ts"), LIFECYCLE);
    rpc = await startInProcess(world);
    const sessions = service<SessionsService>(rpc.session, "sessions");
    expect(log()).toEqual(["i1 factory", "i1 session_start startup -", "i1 resources_discover startup"]);

    const previous = sessions.manager.getSessionFile()!;
    log().length = 0;
    expect(await rpc.peer.request({ type: "new_session" })).toMatchObject({ success: true, data: { cancelled: false } });
    expect(log()).toEqual(["i1 session_before_switch new -", "i1 session_shutdown new -", "i2 factory", `i2 session_start new ${previous}`, "i2 resources_discover startup"]);

    world.mock.enqueue({ text: "stored" });
    const from = rpc.peer.records.length;
    await rpc.peer.request({ type: "prompt", message: "keep this" });
    await rpc.peer.waitForEvent("agent_end", from);
    await rpc.session.waitForIdle();
    const current = sessions.manager.getSessionFile()!;
    log().length = 0;
    expect(await rpc.peer.request({ type: "clone" })).toMatchObject({ success: true, data: { cancelled: false } });
    expect(log()).toEqual(["i2 session_before_fork at", "i2 session_shutdown fork -", "i3 factory", `i3 session_start fork ${current}`, "i3 resources_discover startup"]);
  });
});
