// What project trust gates, as pi 1.6.0 gates it: an untrusted project's own skills (.pi/skills and .agents/skills),
// prompt templates (.pi/prompts) and APPEND_SYSTEM.md stay out of the session; once trusted, all of them are in.
// (settings.json and SYSTEM.md: test/cli/project-trust.test.ts; mcp.json: test/mcp/config.test.ts; extensions:
// test/extensions/discovery.test.ts.)
import { afterEach, beforeEach, expect, it } from "vitest";
import { createWorld, startSession, type World } from "../extensions/harness.js";

let world: World;
beforeEach(async () => {
  world = await createWorld();
  await world.write("project/.pi/skills/pi-skill/SKILL.md", "---\nname: pi-skill\ndescription: from .pi/skills\n---\nbody");
  await world.write("project/.agents/skills/agents-skill/SKILL.md", "---\nname: agents-skill\ndescription: from .agents/skills\n---\nbody");
  await world.write("project/.pi/prompts/project-prompt.md", "a project template");
  await world.write("project/.pi/APPEND_SYSTEM.md", "PROJECT APPENDIX");
});
afterEach(() => world.close());

async function seenWith(approve: boolean): Promise<{ commands: string[]; prompt: string }> {
  let seen = { commands: [] as string[], prompt: "" };
  const started = await startSession(world, {
    projectTrust: { approve },
    turns: [{ text: "ok" }],
    inline: [{ name: "probe", factory: (pi) => void pi.registerCommand("probe", { handler: async (_args, ctx) => void (seen = { commands: pi.getCommands().map((command) => command.name), prompt: ctx.getSystemPrompt() }) }) }],
  });
  // the prompt is built for the first request
  await started.session.prompt("hi");
  await started.session.prompt("/probe");
  await started.session.dispose();
  return seen;
}

it("an untrusted project's skills, templates and APPEND_SYSTEM.md do not load; a trusted one's do", async () => {
  const untrusted = await seenWith(false);
  expect(untrusted.commands.filter((name) => /pi-skill|agents-skill|project-prompt/.test(name))).toEqual([]);
  expect(untrusted.prompt).not.toContain("PROJECT APPENDIX");

  const trusted = await seenWith(true);
  expect(trusted.commands).toEqual(expect.arrayContaining(["skill:pi-skill", "skill:agents-skill", "project-prompt"]));
  expect(trusted.prompt).toContain("PROJECT APPENDIX");
});
