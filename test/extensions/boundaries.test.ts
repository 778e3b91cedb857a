// pi 1.6.0's actionable boundaries: `turn_end` and `agent_before_settle` handlers propose session entries and a
// continuation; each handler sees the proposal so far and the context it would give; after the last handler the
// entries are appended (validated first) and the continuation makes one more model request.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { SessionsService } from "../../plugins/sessions/sessions-service.js";
import { createWorld, messagesOf, startSession, type Started, type World } from "./harness.js";

const seen = globalThis as { __pithBoundary?: unknown[] };
let world: World;
beforeEach(async () => {
  world = await createWorld();
  seen.__pithBoundary = [];
});
afterEach(() => world.close());

const manager = (started: Started) => (started.session.registry.services.get("sessions") as SessionsService).manager;
const textOf = (message: { content: unknown }) =>
  typeof message.content === "string" ? message.content : (message.content as { text?: string }[]).map((block) => block.text ?? "").join("");
const record = (what: string) => `(globalThis as any).__pithBoundary.push(${what});`;

// the example of pi's docs/extensions.md: hide a completed answer and ask again, once
const REPLACE_ANSWER = `
  export default function (pi: any) {
    let replaced = false;
    pi.on("turn_end", (event: any) => {
      if (replaced || event.outcome !== "completed" || event.toolResults.length > 0) return;
      replaced = true;
      return {
        entries: [...event.entries, { type: "context_edit", targetId: event.messageEntryId, replacement: null },
          { type: "custom_message", customType: "replacement-instruction", content: "Answer again.", display: false }],
        continue: true,
      };
    });
  }`;

const OBSERVE_TURN_END = `
  export default function (pi: any) {
    pi.on("turn_end", (event: any) => {
      ${record(`{ turn: event.turnIndex, outcome: event.outcome, id: event.messageEntryId, entries: event.entries.map((entry: any) => entry.type), continue: event.continue,
        canContinue: event.context.canContinue, lastContext: event.context.contextMessages.at(-1)?.role, llm: event.context.llmMessages.length,
        hiddenProjected: event.context.contextEntries.filter((projected: any) => projected.sourceEntry.id === event.messageEntryId).map((projected: any) => projected.messages.length) }`)}
    });
  }`;

it("turn_end: a later handler sees the proposal; the entries are appended and the continuation asks once more", async () => {
  const replace = await world.write("ext/replace.ts", REPLACE_ANSWER);
  const observe = await world.write("ext/observe.ts", OBSERVE_TURN_END);
  const started = await startSession(world, { paths: [replace, observe], turns: [{ text: "first answer" }, { text: "second answer" }] });
  await started.session.prompt("hello");
  expect(messagesOf(started.problems)).toEqual([]);

  const entries = manager(started).getBranch();
  const firstReply = entries.find((entry) => entry.type === "message" && entry.message.role === "assistant")!;
  expect(seen.__pithBoundary).toEqual([
    { turn: 0, outcome: "completed", id: firstReply.id, entries: ["context_edit", "custom_message"], continue: true, canContinue: true, lastContext: "custom", llm: 2, hiddenProjected: [0] },
    { turn: 1, outcome: "completed", id: expect.any(String), entries: [], continue: false, canContinue: false, lastContext: "assistant", llm: 3, hiddenProjected: [1] },
  ]);
  // the second request no longer carries the hidden answer, and ends with the extension's instruction
  const second = started.scripted.requests[1]!;
  expect(second.messages.map(textOf)).toEqual(["hello", "Answer again."]);
  expect(started.scripted.requests).toHaveLength(2);
  // stored in order after the first reply; the first reply stays in the file
  const types = entries.slice(entries.indexOf(firstReply)).map((entry) => entry.type);
  expect(types).toEqual(["message", "context_edit", "custom_message", "message"]);
  expect(entries.find((entry) => entry.type === "context_edit")).toMatchObject({ targetId: firstReply.id, replacement: null });
  expect(started.session.messages.map((message) => message.role)).toEqual(["system", "user", "custom", "assistant"]);
});

it("turn_end: invalid entries are reported and nothing of them is appended; a continuation with nothing to answer is refused", async () => {
  const bad = await world.write(
    "ext/bad.ts",
    `export default function (pi: any) {
      pi.on("turn_end", (event: any) => ({ entries: [{ type: "custom", customType: "kept-out" }, { type: "context_edit", targetId: "no-such-entry", replacement: null }], continue: true }));
    }`,
  );
  const eager = await world.write("ext/eager.ts", `export default function (pi: any) { pi.on("agent_before_settle", () => ({ continue: true })); }`);
  const started = await startSession(world, { paths: [bad], turns: [{ text: "only answer" }] });
  await started.session.prompt("hello");
  expect(messagesOf(started.problems)).toEqual([expect.stringMatching(/bad\.ts failed in turn_end: Invalid boundary entries: context_edit target "no-such-entry" is not an entry of this branch$/)]);
  expect(manager(started).getBranch().map((entry) => entry.type)).not.toContain("custom");
  expect(started.scripted.requests).toHaveLength(1);

  const settling = await startSession(world, { paths: [eager], turns: [{ text: "only answer" }] });
  await settling.session.prompt("hello");
  expect(messagesOf(settling.problems)).toEqual(["agent_before_settle requested continuation without runnable model context"]);
  expect(settling.scripted.requests).toHaveLength(1);
});

it("agent_before_settle: after agent_end, its entries and continuation start one more run before agent_settled", async () => {
  const remind = await world.write(
    "ext/remind.ts",
    `export default function (pi: any) {
      let reminded = false;
      for (const name of ["agent_start", "agent_end", "agent_settled"]) pi.on(name, () => { ${record("name")} });
      pi.on("agent_before_settle", (event: any) => {
        ${record(`{ outcome: event.outcome, entries: event.entries.length, continue: event.continue, canContinue: event.context.canContinue }`)}
        if (reminded) return;
        reminded = true;
        return { entries: [...event.entries, { type: "custom_message", customType: "review-reminder", content: "Review the final diff.", display: false }], continue: true };
      });
    }`,
  );
  const started = await startSession(world, { paths: [remind], turns: [{ text: "done" }, { text: "reviewed" }] });
  await started.session.prompt("hello");
  expect(messagesOf(started.problems)).toEqual([]);
  expect(seen.__pithBoundary).toEqual([
    "agent_start",
    "agent_end",
    { outcome: "completed", entries: 0, continue: false, canContinue: false },
    "agent_start",
    "agent_end",
    { outcome: "completed", entries: 0, continue: false, canContinue: false },
    "agent_settled",
  ]);
  expect(started.scripted.requests[1]!.messages.map(textOf)).toEqual(["hello", "done", "Review the final diff."]);
  expect(textOf(started.session.messages.at(-1) as { content: unknown })).toBe("reviewed");
  expect(manager(started).getBranch().some((entry) => entry.type === "custom_message" && entry.customType === "review-reminder")).toBe(true);
});

it("the boundary context lists the queued messages as pendingMessages, and each entry's message as context edits leave it", async () => {
  const queue = await world.write(
    "ext/queue.ts",
    `export default function (pi: any) {
      let sent = false;
      pi.on("turn_start", () => {
        if (sent) return;
        sent = true;
        pi.sendMessage({ customType: "note", content: "queued note", display: false }, { deliverAs: "followUp" });
      });
      const pending = (event: any) => event.context.pendingMessages.map((message: any) => message.role + ":" + message.content);
      const projected = (event: any) => event.context.contextEntries.filter((entry: any) => entry.sourceEntry.id === event.messageEntryId)
        .flatMap((entry: any) => entry.messages.map((message: any) => message.content.map((block: any) => block.text).join("")));
      pi.on("turn_end", (event: any) => {
        if (event.turnIndex === 0) return { entries: [{ type: "context_edit", targetId: event.messageEntryId, replacement: { content: "edited first" } }] };
      });
      pi.on("turn_end", (event: any) => { ${record(`{ turn: event.turnIndex, pending: pending(event), canContinue: event.context.canContinue, projected: projected(event) }`)} });
      pi.on("agent_before_settle", (event: any) => { ${record(`{ settle: pending(event) }`)} });
    }`,
  );
  const started = await startSession(world, { paths: [queue], turns: [{ text: "first" }, { text: "after the note" }] });
  await started.session.prompt("hello");
  expect(messagesOf(started.problems)).toEqual([]);
  expect(seen.__pithBoundary).toEqual([
    { turn: 0, pending: ["custom:queued note"], canContinue: true, projected: ["edited first"] },
    { turn: 1, pending: [], canContinue: false, projected: ["after the note"] },
    { settle: [] },
  ]);
  expect(started.scripted.requests[1]!.messages.map(textOf)).toEqual(["hello", "edited first", "queued note"]);
});
