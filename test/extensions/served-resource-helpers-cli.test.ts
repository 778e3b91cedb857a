// An extension as a pi 1.6.0 user writes one, run by the built CLI in print mode: its tool reports the skills,
// context files, trust decisions and stored credential pi's helpers find, and what it reports reaches the model.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";

const REPORTER = `import { Type } from "typebox";
import {
  formatSkillsForPrompt,
  getAgentDir,
  hasTrustRequiringProjectResources,
  loadProjectContextFiles,
  loadSkills,
  ProjectTrustStore,
  readStoredCredential,
  type ExtensionAPI,
} from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "report",
    label: "Report",
    description: "Reports what the project holds",
    parameters: Type.Object({}),
    async execute(_id, _params, _signal, _onUpdate, ctx) {
      const { skills, diagnostics } = loadSkills({ cwd: ctx.cwd, agentDir: getAgentDir(), skillPaths: [], includeDefaults: true });
      const trust = new ProjectTrustStore(getAgentDir());
      trust.set(ctx.cwd, false);
      const report = {
        skills: skills.map((skill) => skill.name + ":" + skill.sourceInfo.scope),
        warnings: diagnostics.map((diagnostic) => diagnostic.type),
        listed: formatSkillsForPrompt(skills).includes("<name>helper</name>"),
        context: loadProjectContextFiles({ cwd: ctx.cwd, agentDir: getAgentDir() }).map((file) => file.content.trim()),
        gated: hasTrustRequiringProjectResources(ctx.cwd),
        saved: trust.get(ctx.cwd),
        key: readStoredCredential("mock")?.key ?? null,
      };
      return { content: [{ type: "text", text: "REPORT " + JSON.stringify(report) }], details: {} };
    },
  });
}
`;

/** Every string inside a request body. */
function textsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(textsIn);
  return [];
}

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  const write = async (path: string, text: string) => {
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, text);
  };
  await write(join(world.agentDir, "skills/helper/SKILL.md"), "---\nname: helper\ndescription: Helps\n---\nbody\n");
  await write(join(world.agentDir, "skills/no-description/SKILL.md"), "---\nname: no-description\n---\nbody\n");
  await write(join(world.project, ".pi/skills/local/SKILL.md"), "---\nname: local\ndescription: The project's own\n---\nbody\n");
  await write(join(world.agentDir, "AGENTS.md"), "agent rules\n");
  await write(join(world.project, "AGENTS.md"), "shadowed rules\n");
  await write(join(world.project, "AGENTS.override.md"), "override rules\n");
  await write(join(world.agentDir, "auth.json"), JSON.stringify({ mock: { type: "api_key", key: "stored-key" } }));
  await write(join(world.project, "reporter.ts"), REPORTER);
});
afterEach(() => world.close());

it("an extension's tool calls pi's resource, trust and credential helpers in print mode", async () => {
  world.mock.enqueue({ toolCalls: [{ name: "report", arguments: {} }] }, { text: "Reported." });
  const result = await world.run(["-p", "--approve", "--model", "mock/mock-model", "-e", "./reporter.ts", "report"]);
  // the skills plugin's own warning at start-up, and nothing else
  expect(result.stderr.trim().split("\n")).toEqual([expect.stringContaining("agent/skills/no-description/SKILL.md")]);
  expect(result.code).toBe(0);
  expect(result.stdout).toBe("Reported.\n");
  const [first, last] = world.mock.requests;
  // pith's own system prompt reads the context files pi 1.6.0 reads
  expect(JSON.stringify(first!.body)).toContain("override rules");
  expect(JSON.stringify(first!.body)).not.toContain("shadowed rules");
  const report = JSON.parse(textsIn(last!.body).find((text) => text.startsWith("REPORT "))!.slice("REPORT ".length)) as unknown;
  expect(report).toEqual({
    skills: ["helper:user", "local:project"],
    warnings: ["warning"],
    listed: true,
    context: ["agent rules", "override rules"],
    gated: true,
    saved: false,
    key: "stored-key",
  });
  expect(JSON.parse(await readFile(join(world.agentDir, "trust.json"), "utf8"))).toEqual({ [world.project]: false });
});
