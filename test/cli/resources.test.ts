import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "./cli-harness.js";

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
});
afterEach(async () => {
  await world.close();
});

const MODEL = ["--model", "mock/mock-model", "--no-session"];
const firstUserText = (world: CliWorld) => JSON.stringify((world.mock.requests[0]!.body as { messages: { content: unknown }[] }).messages[0]!.content);

describe("skills, templates and context files in the built CLI", () => {
  // Regression: the bundle once lost the YAML parser's exports, and every file with front matter was skipped.
  it("expands a prompt template that has front matter", async () => {
    await mkdir(join(world.project, ".pi", "prompts"), { recursive: true });
    await writeFile(join(world.project, ".pi", "prompts", "review.md"), "---\ndescription: Review a file\n---\nReview $1 with care.");
    world.mock.enqueue({ text: "ok" });
    const result = await world.run(["-p", "-a", ...MODEL, "/review src/app.ts"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(firstUserText(world)).toContain("Review src/app.ts with care.");
  });

  it("lists a skill in the system prompt and expands /skill:name", async () => {
    await mkdir(join(world.project, ".pi", "skills", "deploy"), { recursive: true });
    await writeFile(join(world.project, ".pi", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Ship the app\n---\nRun the deploy script.");
    world.mock.enqueue({ text: "ok" });
    const result = await world.run(["-p", "--approve", ...MODEL, "/skill:deploy now"]);
    expect(result.stderr).toBe("");
    const body = world.mock.requests[0]!.body as { system: { text: string }[] };
    expect(JSON.stringify(body.system)).toContain("<name>deploy</name>");
    expect(firstUserText(world)).toContain("Run the deploy script.");
    expect(firstUserText(world)).toContain("now");
  });

  it("puts AGENTS.md into the system prompt, and leaves it out with --no-context-files", async () => {
    await writeFile(join(world.project, "AGENTS.md"), "Use tabs, never spaces.");
    world.mock.enqueue({ text: "a" }, { text: "b" });
    await world.run(["-p", ...MODEL, "hi"]);
    await world.run(["-p", ...MODEL, "--no-context-files", "hi"]);
    expect(JSON.stringify(world.mock.requests[0]!.body)).toContain("Use tabs, never spaces.");
    expect(JSON.stringify(world.mock.requests[1]!.body)).not.toContain("Use tabs, never spaces.");
  });
});
