// A session line whose message content has the wrong type (a user message with `"content": 42`) is reported with
// file and line and repaired; the rest of the session loads and a run goes on (it used to end with "t is not
// iterable").
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

function writeSession(file: string): void {
  const lines = [
    { type: "session", version: 3, id: "0199aaaa-0000-7000-8000-000000000001", timestamp: "2026-11-01T10:00:00.000Z", cwd: world.project },
    { type: "message", id: "a0000001", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: 42, timestamp: 1 } },
    { type: "message", id: "a0000002", parentId: "a0000001", timestamp: "2026-11-01T10:00:02.000Z", message: { role: "assistant", content: "plain text", api: "anthropic-messages", provider: "mock", model: "mock-model", usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: "stop", timestamp: 2 } },
    { type: "message", id: "a0000003", parentId: "a0000002", timestamp: "2026-11-01T10:00:03.000Z", message: { role: "user", content: ["a bare string", { type: "text", text: "a block" }], timestamp: 3 } },
    // a user message's content as a plain string (older pi files) is one of its two valid forms
    { type: "message", id: "a0000004", parentId: "a0000003", timestamp: "2026-11-01T10:00:04.000Z", message: { role: "user", content: "a plain string, as older files hold", timestamp: 4 } },
  ];
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
}

it("reports each bad content with file and line and repairs it", () => {
  const file = join(world.home, "bad.jsonl");
  writeSession(file);
  const manager = SessionManager.open(new JsonlSessionStore({ agentDir: world.agentDir }), file);
  const warnings = manager.getWarnings().filter((warning) => warning.code === "malformed_content");
  expect(warnings.map((warning) => warning.line)).toEqual([2, 3, 4]);
  expect(warnings[0]!.message).toMatch(new RegExp(`^${file}:2: the user message's content is number`));
  expect(manager.buildSessionContext().messages.map((message) => (message as { content: unknown }).content)).toEqual([
    "42",
    [{ type: "text", text: "plain text" }],
    [{ type: "text", text: "a bare string" }, { type: "text", text: "a block" }],
    "a plain string, as older files hold",
  ]);
  manager.close();
});

it("resumes such a session from the command line: a warning naming the line, then the run", async () => {
  const file = join(world.home, "bad.jsonl");
  writeSession(file);
  world.mock.enqueue({ text: "still here" });
  const result = await world.run(["--model", "mock/mock-model", "--session", file, "-p", "go on"]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe("still here\n");
  expect(result.stderr).toContain(`${file}:2:`);
  expect(JSON.stringify(world.mock.requests[0]!.body)).toContain("a block");
  expect(JSON.stringify(world.mock.requests[0]!.body)).toContain("a plain string, as older files hold");
});

it("reports a system message whose declarations have the wrong shape and leaves them out; the run goes on", async () => {
  const file = join(world.home, "bad-system.jsonl");
  const lines = [
    { type: "session", version: 3, id: "0199aaaa-0000-7000-8000-000000000002", timestamp: "2026-11-01T10:00:00.000Z", cwd: world.project },
    { type: "message", id: "b0000001", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "system", content: "", sections: { base: "x", broken: 7 }, toolsAdded: 5, timestamp: 1 } },
    { type: "message", id: "b0000002", parentId: "b0000001", timestamp: "2026-11-01T10:00:02.000Z", message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 2 } },
    { type: "message", id: "b0000003", parentId: "b0000002", timestamp: "2026-11-01T10:00:03.000Z", message: { role: "system", content: "", sections: "oops", toolsRemoved: { name: "read" }, timestamp: 3 } },
  ];
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
  world.mock.enqueue({ text: "still here" });
  // every request replays the system messages (it used to end with "number 5 is not iterable")
  const result = await world.run(["--model", "mock/mock-model", "--session", file, "-p", "go on"]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe("still here\n");
  expect(result.stderr).toContain(`${file}:2: the system message's declarations were not readable (its sections are an object with values of the wrong type`);
  expect(result.stderr).toContain(`${file}:4: the system message's declarations were not readable (its sections are string`);
});

it("reports usage that is not numbers with file and line and counts it as zero: the session's statistics stay numbers", async () => {
  const file = join(world.home, "bad-usage.jsonl");
  const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const reply = (id: string, parentId: string, usage: unknown) => ({ type: "message", id, parentId, timestamp: "2026-11-01T10:00:02.000Z", message: { role: "assistant", content: [{ type: "text", text: "yo" }], api: "anthropic-messages", provider: "mock", model: "mock-model", usage, stopReason: "stop", timestamp: 2 } });
  const lines = [
    { type: "session", version: 3, id: "0199aaaa-0000-7000-8000-000000000003", timestamp: "2026-11-01T10:00:00.000Z", cwd: world.project },
    { type: "message", id: "c0000001", parentId: null, timestamp: "2026-11-01T10:00:01.000Z", message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 } },
    reply("c0000002", "c0000001", { input: 5 }),
    { type: "usage", id: "c0000003", parentId: "c0000002", timestamp: "2026-11-01T10:00:03.000Z", kind: "cache_warm", provider: "mock", model: "mock-model", usage: null },
    // a reply over 4 KiB is read lazily: its usage is repaired when it is read
    reply("c0000004", "c0000003", { ...zero, output: "7", padding: "x".repeat(5000) }),
  ];
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n") + "\n");
  const result = await world.run(["--mode", "rpc", "--model", "mock/mock-model", "--session", file], { stdin: `${JSON.stringify({ type: "get_session_stats", id: "1" })}\n` });
  const answer = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as { success: boolean; data: { tokens: Record<string, number>; cost: number } };
  expect(answer.success, result.stdout).toBe(true);
  expect(answer.data.tokens).toEqual({ input: 5, output: 0, cacheRead: 0, cacheWrite: 0, total: 5 });
  expect(answer.data.cost).toBe(0);
  expect(result.stderr).toContain(`${file}:3: the assistant message's usage has counts or costs that are not numbers; counted as zero`);
  expect(result.stderr).toContain(`${file}:4: the usage entry's usage is null, not an object; counted as zero`);
  expect(result.stderr).toContain(`${file}:5: the assistant message's usage has counts or costs that are not numbers`);
});
