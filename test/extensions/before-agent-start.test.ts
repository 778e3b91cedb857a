// before_agent_start at pi 1.6.0: a union on messageType ("user" for a prompt, "custom" for a message sent with
// triggerTurn while idle), every handler's message added after the opening one, the system prompt chained.
import { afterEach, beforeEach, expect, it } from "vitest";
import { createWorld, messagesOf, startSession, type World } from "./harness.js";
import type { PithPlugin } from "../../kernel/plugin.js";

const seen = globalThis as { __pithStart?: unknown[] };
let world: World;
beforeEach(async () => {
  world = await createWorld();
  seen.__pithStart = [];
});
afterEach(() => world.close());

const extension = (name: string) => `
  export default function (pi: any) {
    pi.on("before_agent_start", (event: any) => {
      (globalThis as any).__pithStart.push({ by: ${JSON.stringify(name)}, messageType: event.messageType, prompt: event.prompt, message: event.message?.content, system: event.systemPrompt.split("\\n").at(-1) });
      return { message: { customType: ${JSON.stringify(name)}, content: "from ${name}", display: false }, systemPrompt: event.systemPrompt + "\\nrule of ${name}" };
    });
    pi.registerCommand("${name}-run", { handler: async (args: string) => { await pi.sendMessage({ customType: "trigger", content: args, display: true }, { triggerTurn: true }); } });
  }`;

const textOf = (message: { content: unknown }) => (typeof message.content === "string" ? message.content : (message.content as { text: string }[])[0]!.text);

it("a prompt is messageType user; both handlers' messages follow it and their prompts chain", async () => {
  const first = await world.write("ext/first.ts", extension("first"));
  const second = await world.write("ext/second.ts", extension("second"));
  const { session, scripted, problems } = await startSession(world, { paths: [first, second], turns: [{ text: "ok" }] });
  await session.prompt("hello");
  expect(messagesOf(problems)).toEqual([]);
  expect(seen.__pithStart).toEqual([
    { by: "first", messageType: "user", prompt: "hello", message: undefined, system: expect.not.stringContaining("rule of") },
    { by: "second", messageType: "user", prompt: "hello", message: undefined, system: "rule of first" },
  ]);
  const request = scripted.requests[0]!;
  expect(request.messages.map(textOf)).toEqual(["hello", "from first", "from second"]);
  expect(request.systemPrompt.endsWith("\nrule of first\nrule of second")).toBe(true);
});

it("a message sent with triggerTurn while idle opens the run as messageType custom", async () => {
  const first = await world.write("ext/first.ts", extension("first"));
  const { session, scripted } = await startSession(world, { paths: [first], turns: [{ text: "ok" }] });
  await session.prompt("/first-run look at this");
  await session.waitForIdle();
  expect(seen.__pithStart).toEqual([{ by: "first", messageType: "custom", prompt: undefined, message: "look at this", system: expect.any(String) }]);
  expect(scripted.requests[0]!.messages.map(textOf)).toEqual(["look at this", "from first"]);
  expect(session.messages.map((message) => message.role)).toEqual(["system", "custom", "custom", "assistant"]);
});

it("systemPromptOptions changed by handlers build the run's prompt again: sections, rules, tools; the next run starts without them", async () => {
  const editor = await world.write(
    "ext/editor.ts",
    `export default function (pi: any) {
      let runs = 0;
      pi.on("before_agent_start", (event: any) => {
        if (++runs > 1) return;
        event.systemPromptOptions.sections.house_rules = "Answer in haiku.";
        event.systemPromptOptions.promptGuidelines.push("Never touch the lockfile");
        event.systemPromptOptions.selectedTools = ["read"];
      });
      pi.on("before_agent_start", (event: any) => {
        (globalThis as any).__pithStart.push(event.systemPromptOptions.sections.house_rules ?? null);
      });
    }`,
  );
  const { session, scripted, problems } = await startSession(world, { paths: [editor], tools: ["read", "bash"], turns: [{ text: "one" }, { text: "two" }] });
  await session.prompt("first");
  expect(messagesOf(problems)).toEqual([]);
  const first = scripted.requests[0]!;
  expect(first.systemPrompt).toContain("<house_rules>\nAnswer in haiku.\n</house_rules>");
  expect(first.systemPrompt).toMatch(/- Never touch the lockfile\n[\s\S]*<\/rules>/);
  expect(first.tools.map((tool: { name: string }) => tool.name)).toEqual(["read"]);
  await session.prompt("second");
  expect(seen.__pithStart).toEqual(["Answer in haiku.", null]);
  expect(scripted.requests[1]!.systemPrompt).not.toContain("house_rules");
});

// A plugin's `system_prompt` handler adjusts the sections the run's changed options rebuilt, as it adjusts the
// configured ones: the handler's rule and tool line come first, as pi builds them from the options, the plugin's
// lines after them.
it("systemPromptOptions changes and another plugin's system_prompt edits of the same sections both reach the run", async () => {
  const editor = await world.write(
    "ext/editor.ts",
    `export default function (pi: any) {
      pi.on("before_agent_start", (event: any) => {
        event.systemPromptOptions.promptGuidelines.push("Never touch the lockfile");
        event.systemPromptOptions.toolSnippets.read = "Read a lockfile";
      });
    }`,
  );
  const houseRules: PithPlugin = {
    name: "house-rules",
    setup(context) {
      const addLine = (section: string | undefined, line: string) => section?.replace(/\n<\/(rules|tools)>$/, `\n${line}\n</$1>`);
      context.on("system_prompt", (state) => ({
        ...state,
        sections: { ...state.sections, rules: addLine(state.sections.rules, "- Keep the changelog")!, tools: addLine(state.sections.tools, "- changelog: the project's changes")! },
      }));
    },
  };
  const { session, scripted, problems } = await startSession(world, { paths: [editor], after: [houseRules], tools: ["read"], turns: [{ text: "one" }] });
  await session.prompt("first");
  expect(messagesOf(problems)).toEqual([]);
  const prompt = scripted.requests[0]!.systemPrompt;
  const lines = (pattern: RegExp) => prompt.split("\n").filter((line) => pattern.test(line));
  expect(lines(/lockfile|changelog|^- Be concise/)).toEqual([
    "- read: Read a lockfile",
    "- changelog: the project's changes",
    "- Never touch the lockfile",
    "- Be concise in your responses",
    "- Keep the changelog",
  ]);
});
