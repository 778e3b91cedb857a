// The start-up listing's warning sections as pi 1.6.0 prints them, from real clashing resources in the agent
// folder: [Skill warnings] (a name clash with its kept and skipped files, a skill without a description),
// [Prompt conflicts], [Extension issues] (a file that fails to load, a command named like a built-in, a shortcut
// on a reserved key) and [Theme conflicts]; each problem once, no "Warning:" line repeating it, no [Themes]
// section, and the sections stay with quietStartup, which hides the rest of the listing.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";
import { DARK } from "../../plugins/interactive/theme/tokens.js";

const ui = usePtyWorld();

it("skill, prompt, extension and theme problems are listed under their headings, even with quietStartup", async () => {
  const world = ui.world();
  const { agentDir } = world;
  const home = join(agentDir, "..");
  const skill = (description: string) => `---\nname: tidy\ndescription: ${description}\n---\nTidy.\n`;
  await mkdir(join(agentDir, "skills", "tidy"), { recursive: true });
  await writeFile(join(agentDir, "skills", "tidy", "SKILL.md"), skill("Tidies from the agent folder"));
  await mkdir(join(home, ".agents", "skills", "tidy"), { recursive: true });
  await writeFile(join(home, ".agents", "skills", "tidy", "SKILL.md"), skill("Tidies from .agents"));
  await mkdir(join(agentDir, "skills", "vague"), { recursive: true });
  await writeFile(join(agentDir, "skills", "vague", "SKILL.md"), "---\nname: vague\n---\nNo description.\n");
  await mkdir(join(agentDir, "prompts"), { recursive: true });
  await writeFile(join(agentDir, "prompts", "greet.md"), "Say hello\n");
  await mkdir(join(home, "more-prompts"), { recursive: true });
  await writeFile(join(home, "more-prompts", "greet.md"), "Say hi\n");
  await mkdir(join(agentDir, "extensions"), { recursive: true });
  await writeFile(join(agentDir, "extensions", "broken.ts"), "export default function (pi) { pi.registerCommand(\n");
  await writeFile(
    join(agentDir, "extensions", "clashing.ts"),
    `export default function (pi) {
  pi.registerCommand("model", { description: "my model", handler: async () => {} });
  pi.registerShortcut("ctrl+c", { description: "never", handler: () => {} });
}
`,
  );
  await mkdir(join(agentDir, "themes"), { recursive: true });
  await writeFile(join(agentDir, "themes", "mine.json"), JSON.stringify({ name: "dark", colors: DARK }));
  await writeFile(join(agentDir, "themes", "ocean.json"), JSON.stringify({ name: "ocean", colors: DARK }));
  await writeFile(join(agentDir, "settings.json"), JSON.stringify({ quietStartup: true }));

  const run = await ui.start(["--prompt-template", join(home, "more-prompts")], { cols: 160, rows: 60 });
  await run.waitForText("[Theme conflicts]");
  const shown = run.buffer().map((line) => line.trimEnd()).join("\n");
  const section = (heading: string) => shown.slice(shown.indexOf(`[${heading}]`)).split("\n\n")[0]!;

  const skills = section("Skill warnings");
  expect(skills).toMatch(/"tidy" collision:\n\s+✓ ~\/agent\/skills\/tidy\/SKILL\.md\n\s+✗ ~\/\.agents\/skills\/tidy\/SKILL\.md \(skipped\)/);
  expect(skills).toMatch(/~\/agent\/skills\/vague\/SKILL\.md\n\s+.*description/);
  expect(section("Prompt conflicts")).toMatch(/"greet" collision:\n\s+✓ ~\/agent\/prompts\/greet\.md\n\s+✗ ~\/more-prompts\/greet\.md \(skipped\)/);
  const extensions = section("Extension issues");
  expect(extensions).toContain("Failed to load extension");
  expect(extensions).toContain("broken.ts");
  expect(extensions).toMatch(/clashing\.ts\n\s+Extension command '\/model' conflicts with built-in interactive command\. Skipping in autocomplete\./);
  expect(extensions).toContain("Extension shortcut 'ctrl+c' from");
  expect(section("Theme conflicts")).toContain('Theme "dark" of');
  // each problem once, under its heading only
  expect(shown).not.toContain("Warning:");
  expect(shown.split("Failed to load extension").length).toBe(2);
  // quietStartup: no listing of what loaded, and pi 1.6.0 has no [Themes] section at all
  for (const heading of ["[Skills]", "[Prompts]", "[Extensions]", "[Themes]"]) expect(shown).not.toContain(heading);
  run.type("\x04");
  expect((await run.exited).exitCode).toBe(0);
});

it("/reload lists what went wrong in the same sections, not as Warning: lines", async () => {
  const { agentDir } = ui.world();
  const run = await ui.start();
  await mkdir(join(agentDir, "extensions"), { recursive: true });
  await writeFile(join(agentDir, "extensions", "broken.ts"), "export default function (pi) { pi.registerCommand(\n");
  await mkdir(join(agentDir, "skills", "vague"), { recursive: true });
  await writeFile(join(agentDir, "skills", "vague", "SKILL.md"), "---\nname: vague\n---\nNo description.\n");
  run.type("/reload\r");
  await run.waitFor((screen) => screen.includes("[Extension issues]") && screen.includes("Reloaded"));
  const shown = run.buffer().map((line) => line.trimEnd()).join("\n");
  expect(shown).toMatch(/\[Skill warnings\]\n\s+~\/agent\/skills\/vague\/SKILL\.md/);
  expect(shown).toMatch(/\[Extension issues\][^]*Failed to load extension[^]*broken\.ts/);
  expect(shown).not.toContain("Warning:");
  expect(shown.split("Failed to load extension").length).toBe(2);
});
