// The programs in docs/examples, run as written against the mock LLM server (or, for the custom provider,
// against nothing at all), with what they print and what the model was sent checked.
import { readdirSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { exampleWorld, runExample, type ExampleWorld } from "./example-world.js";

let world: ExampleWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every text the model was sent in request `index`, tool results included. */
function sentText(index: number): string {
  return JSON.stringify(world!.mock.requests[index]!.body.messages);
}

// the first example also pays for transforming the whole SDK in this process: seconds, more on a loaded machine
describe("docs/examples", { timeout: 60_000 }, () => {
  it("minimal-session: streams the answer and stores the session", async () => {
    world = await exampleWorld([{ toolCalls: [{ name: "bash", arguments: { command: "ls | wc -l" } }] }, { text: "There are 2 files." }]);
    writeFileSync(`${world.project}/a.txt`, "a");
    writeFileSync(`${world.project}/b.txt`, "b");
    const printed = await runExample(world, () => import("../../docs/examples/minimal-session.js"));

    expect(printed).toContain("[bash]");
    expect(printed).toContain("There are 2 files.");
    expect(printed).toMatch(new RegExp(`Stored in ${world.agentDir}/sessions/.+\\.jsonl`));
    expect(sentText(1)).toMatch(/"content":"2\\n"|"text":"2\\n"/);
  });

  it("custom-model-and-provider: answers through its own wire protocol, priced from its model", async () => {
    world = await exampleWorld();
    const printed = await runExample(world, () => import("../../docs/examples/custom-model-and-provider.js"));

    expect(printed).toBe("You said: Hello, echo!\nmodel: echo/echo-1, cost: $0.000020\n");
    expect(world.mock.requests).toEqual([]);
  });

  it("custom-tools: the model sees read and todo only, and the todo list tracks the work", async () => {
    world = await exampleWorld([
      {
        toolCalls: [
          { name: "todo", arguments: { action: "add", text: "  Write the changelog " } },
          { name: "todo", arguments: { action: "add", text: "Tag the version" } },
        ],
      },
      { toolCalls: [{ name: "todo", arguments: { action: "done", text: "Write the changelog" } }] },
      { text: "Both steps are tracked." },
    ]);
    const printed = await runExample(world, () => import("../../docs/examples/custom-tools.js"));

    const tools = (world.mock.requests[0]!.body.tools as { name: string }[]).map((tool) => tool.name);
    expect(tools).toEqual(["read", "todo"]);
    expect(printed).toContain("todo:\n[ ] Write the changelog\n[ ] Tag the version\n");
    expect(printed).toContain("todo:\n[x] Write the changelog\n[ ] Tag the version\n");
    expect(printed).toContain("Both steps are tracked.\ntools the model had: read, todo\n");
  });

  it("custom-compactor: compacts without asking a model, keeping the last turn", async () => {
    world = await exampleWorld([{ text: "logsum" }, { text: "Summarise your logs." }]);
    const printed = await runExample(world, () => import("../../docs/examples/custom-compactor.js"));

    expect(printed).toContain("Earlier in this session the user asked:\n- Suggest a name for a CLI that summarises logs.\n");
    expect(printed).toContain("kept: system, compactionSummary, user, assistant\n");
    expect(world.mock.requests).toHaveLength(2);
  });

  it("skills-and-templates: lists and expands its own skill and template", async () => {
    world = await exampleWorld([{ text: "Looks fine." }, { text: "### Added\n- Faster start-up" }]);
    const printed = await runExample(world, () => import("../../docs/examples/skills-and-templates.js"));

    expect(printed).toContain("commands: /review /skill:changelog\n");
    expect(printed).toContain("skill listed in the system prompt: true\n");
    expect(printed).toContain("sent: Review src/app.ts for bugs. Focus on: error handling and retries\n");
    expect(printed).toContain('sent: <skill name="changelog"');
    expect(sentText(1)).toContain("Group entries under Added, Changed, Fixed.");
  });

  it("sessions: on disk and in memory at once, new, switch, fork, close and resume", async () => {
    world = await exampleWorld([], { text: "noted" });
    const printed = await runExample(world, () => import("../../docs/examples/sessions.js"));

    expect(printed).toMatch(/^on disk: .+\.jsonl$/m);
    expect(printed).toContain("in memory: (no file), current: true\n");
    expect(printed).toContain("switched back: true, 3 messages\n"); // the system prompt, the question, the reply
    expect(printed).toMatch(/^forked: "Remember this: the deploy key rotates on Fridays\." into .+\.jsonl$/m);
    expect(printed).toContain("resumed: noted\n");
    const stored = readdirSync(`${world.agentDir}/sessions`, { recursive: true }).filter((name) => String(name).endsWith(".jsonl"));
    expect(stored).toHaveLength(2); // the first session and the new one; the fork was never answered, so never written
  });
});
