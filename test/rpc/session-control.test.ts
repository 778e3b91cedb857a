// RPC's session moves and saved choices go through the session-control plugin, the same calls PithSession and
// extensions make: plugins hear session_start with the move's reason, any plugin may cancel a move
// (session_before_switch / session_before_fork) and hears session_shutdown for the conversation it leaves, a new session records its parent, model and thinking level, and choices reach settings.json.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { definePlugin } from "../../kernel/plugin.js";
import type { SessionShutdownEvent, SessionStartEvent } from "../../kernel/hooks.js";
import type { SessionsService } from "../../plugins/sessions/index.js";
import { startInProcess, writeTwoModels, type InProcessRpc, closeRpcWorld } from "./rpc-harness.js";

let world: CliWorld;
let rpc: InProcessRpc | undefined;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await closeRpcWorld(world, rpc);
  rpc = undefined;
});

function sessions(): SessionsService {
  return rpc!.session.registry.services.get("sessions")! as SessionsService;
}

it("new_session records its parent, model and thinking level, and announces session_start {new, previousSessionFile}", async () => {
  const starts: SessionStartEvent[] = [];
  const observer = definePlugin({ name: "observer", setup: (context) => context.on("session_start", (event) => void starts.push(event)) });
  rpc = await startInProcess(world, { plugins: [observer] });
  const previous = sessions().manager.getSessionFile();
  const response = await rpc.peer.request({ type: "new_session", parentSession: "/elsewhere/parent.jsonl" });
  expect(response).toMatchObject({ success: true, data: { cancelled: false } });
  expect(sessions().manager.getSessionFile()).not.toBe(previous);
  expect(sessions().manager.getHeader()?.parentSession).toBe("/elsewhere/parent.jsonl");
  expect(sessions().manager.getEntries().map((entry) => entry.type)).toEqual(["model_change", "thinking_level_change"]);
  expect(starts.at(-1)).toEqual({ reason: "new", previousSessionFile: previous });
});

it("any plugin, not only an extension, may veto a move and hears session_shutdown for the conversation it leaves", async () => {
  let veto = true;
  const asked: string[] = [];
  const shutdowns: SessionShutdownEvent[] = [];
  const guard = definePlugin({
    name: "guard",
    setup(context) {
      context.on("session_before_switch", (event) => {
        asked.push(`switch:${event.reason}`);
        return veto ? { cancel: true } : undefined;
      });
      context.on("session_before_fork", (event) => {
        asked.push(`fork:${event.position}`);
        return veto ? { cancel: true } : undefined;
      });
      context.on("session_shutdown", (event) => void shutdowns.push(event));
    },
  });
  rpc = await startInProcess(world, { plugins: [guard] });
  const first = sessions().manager.getSessionFile();
  expect(await rpc.peer.request({ type: "new_session" })).toMatchObject({ success: true, data: { cancelled: true } });
  expect(await rpc.peer.request({ type: "clone" })).toMatchObject({ success: true, data: { cancelled: true } });
  expect(sessions().manager.getSessionFile()).toBe(first);
  expect(shutdowns).toEqual([]);

  veto = false;
  expect(await rpc.peer.request({ type: "new_session" })).toMatchObject({ success: true, data: { cancelled: false } });
  expect(shutdowns).toEqual([{ reason: "new" }]);
  // the session file of the new conversation is open and written: leaving did not close the sessions service
  world.mock.enqueue({ text: "after the move" });
  const from = rpc.peer.records.length;
  expect((await rpc.peer.request({ type: "prompt", message: "still here" })).success).toBe(true);
  await rpc.peer.waitForEvent("agent_end", from);
  await rpc.session.waitForIdle();
  expect(sessions().manager.getEntries().some((entry) => entry.type === "message")).toBe(true);
  expect(asked).toEqual(["switch:new", "fork:at", "switch:new"]);
});

it("switch_session brings back the stored session's model and thinking level", async () => {
  await writeTwoModels(world);
  rpc = await startInProcess(world);
  expect((await rpc.peer.request({ type: "set_model", provider: "mock", modelId: "mock-think" })).success).toBe(true);
  expect((await rpc.peer.request({ type: "set_thinking_level", level: "high" })).success).toBe(true);
  // a session file is written once it holds a reply
  world.mock.enqueue({ text: "stored" });
  const from = rpc.peer.records.length;
  expect((await rpc.peer.request({ type: "prompt", message: "keep this" })).success).toBe(true);
  await rpc.peer.waitForEvent("agent_end", from);
  await rpc.session.waitForIdle();
  const stored = sessions().manager.getSessionFile()!;
  await rpc.peer.request({ type: "new_session" });
  await rpc.peer.request({ type: "set_model", provider: "mock", modelId: "mock-model" });
  expect(rpc.session.model?.id).toBe("mock-model");

  expect(await rpc.peer.request({ type: "switch_session", sessionPath: stored })).toMatchObject({ success: true, data: { cancelled: false } });
  expect(rpc.session.model?.id).toBe("mock-think");
  expect(rpc.session.thinkingLevel).toBe("high");
});

it("queue modes, auto-compaction and auto-retry are saved in the global settings; the chosen model is the session's only, as in pi 1.6.0", async () => {
  await writeTwoModels(world);
  rpc = await startInProcess(world);
  for (const command of [
    { type: "set_steering_mode", mode: "all" },
    { type: "set_follow_up_mode", mode: "all" },
    { type: "set_model", provider: "mock", modelId: "mock-think" },
    { type: "set_auto_compaction", enabled: false },
    { type: "set_auto_retry", enabled: false },
  ]) {
    expect((await rpc.peer.request(command)).success, command.type).toBe(true);
  }
  expect(rpc.session.getState()).toMatchObject({ steeringMode: "all", followUpMode: "all" });
  const saved = JSON.parse(await readFile(join(world.agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
  expect(saved).toMatchObject({
    steeringMode: "all",
    followUpMode: "all",
    compaction: { enabled: false },
    retry: { enabled: false },
  });
  expect(saved.defaultModel).not.toBe("mock-think");
  expect(rpc.session.model?.id).toBe("mock-think");
});
