// Several sessions in one process: creating, switching, resuming and closing them.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSessionRuntime, type AgentSessionRuntime, type PithSession } from "../../sdk/index.js";
import { sdkWorld, type SdkWorld } from "./harness.js";

let world: SdkWorld;
let runtime: AgentSessionRuntime | undefined;

beforeEach(() => {
  world = sdkWorld();
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  world.close();
});

/** The world's options without a provider: each session gets its own scripted provider through `add`. */
function defaults() {
  const { plugins: _plugins, scripted: _scripted, ...options } = world.options();
  return options;
}

function add(steps: Parameters<SdkWorld["options"]>[0], extra: Parameters<SdkWorld["options"]>[1] = {}) {
  const { plugins, scripted } = world.options(steps, extra);
  return { options: { ...extra, plugins }, scripted };
}

describe("several sessions in one process", () => {
  it("creates sessions, switches between them and tells listeners; closing the current one falls back", async () => {
    runtime = await createAgentSessionRuntime(defaults());
    const first = runtime.session;
    const switched: (PithSession | undefined)[] = [];
    runtime.onSwitch((session) => void switched.push(session));

    const a = add([{ text: "from a" }]);
    const b = add([{ text: "from b" }], { noSession: true });
    const sessionA = await runtime.create(a.options);
    const sessionB = await runtime.create(b.options);
    expect(runtime.session).toBe(sessionB);
    await Promise.all([sessionA.prompt("hi a"), sessionB.prompt("hi b")]);
    expect([sessionA.getLastAssistantText(), sessionB.getLastAssistantText()]).toEqual(["from a", "from b"]);
    expect(sessionB.sessionFile).toBeUndefined();

    expect(runtime.switchTo(sessionA.sessionId)).toBe(sessionA);
    expect(runtime.find(sessionB.sessionId)).toBe(sessionB);
    expect(runtime.sessions).toEqual([first, sessionA, sessionB]);
    expect(switched).toEqual([sessionA, sessionB, sessionA]);

    await runtime.close(sessionA);
    expect(sessionA.isDisposed).toBe(true);
    expect(runtime.session).toBe(sessionB);
    expect(() => runtime!.switchTo(sessionA)).toThrow(/not open in this runtime/);

    // A session disposed on its own counts as closed.
    await first.dispose();
    expect(runtime.sessions).toEqual([sessionB]);
    expect(() => runtime!.switchTo(first)).toThrow(/not open in this runtime/);
  });

  it("resumes a stored session by id prefix, reusing it while it is open and reopening it after close", async () => {
    runtime = await createAgentSessionRuntime(defaults());
    const a = add([{ text: "remember me" }]);
    const session = await runtime.create(a.options);
    await session.prompt("hello");
    const id = session.sessionId;
    await runtime.create();

    expect(await runtime.resume(id.slice(0, 23))).toBe(session);
    await runtime.close(session);
    const reopened = await runtime.resume(id.slice(0, 23));
    expect(reopened).not.toBe(session);
    expect(reopened.sessionId).toBe(id);
    expect(reopened.getLastAssistantText()).toBe("remember me");
    await expect(runtime.resume("ffffffff-0000")).rejects.toThrow(/No session matches/);
  });

  it("opens a session of another project in that project's folder", async () => {
    const other = join(world.home, "other-project");
    mkdirSync(other);
    runtime = await createAgentSessionRuntime(defaults());
    const a = add([{ text: "elsewhere" }], { cwd: other });
    const elsewhere = await runtime.create(a.options);
    await elsewhere.prompt("hi");
    const id = elsewhere.sessionId;
    await runtime.close(elsewhere);

    const resumed = await runtime.resume(id.slice(0, 23));
    expect(resumed.cwd).toBe(other);
    expect(resumed.getLastAssistantText()).toBe("elsewhere");
  });

  it("closes a session whose creation was still running when the runtime was disposed", async () => {
    runtime = await createAgentSessionRuntime(defaults());
    const a = add([]);
    const creating = expect(runtime.create(a.options)).rejects.toThrow(/disposed while the session was being created/);
    await runtime.dispose();
    await creating;
    expect(() => runtime!.session).toThrow(/disposed/);
    await expect(runtime.create()).rejects.toThrow(/disposed/);
  });
});
