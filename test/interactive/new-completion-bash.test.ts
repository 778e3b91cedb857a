// Three editor and session checks in one run: `/` completes skills (`/skill:name`), prompt templates and extension
// commands with their descriptions; `!cmd` shows its output and sends it with the next prompt while `!!cmd` shows
// its output and never sends it; `/new` starts a new session file, keeps the old one, and resets the chat and the
// footer's figures.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();

async function sessionFiles(agentDir: string): Promise<string[]> {
  const names = await readdir(join(agentDir, "sessions"), { recursive: true });
  return names.filter((name) => name.endsWith(".jsonl")).map((name) => join(agentDir, "sessions", name));
}

it("completes skills, templates and extension commands; !cmd goes with the next prompt, !!cmd never; /new starts afresh", async () => {
  const world = ui.world();
  await mkdir(join(world.agentDir, "skills", "tidy"), { recursive: true });
  await writeFile(join(world.agentDir, "skills", "tidy", "SKILL.md"), "---\nname: tidy\ndescription: Tidies things up\n---\nSort the imports.\n");
  await mkdir(join(world.agentDir, "prompts"), { recursive: true });
  await writeFile(join(world.agentDir, "prompts", "greet.md"), "---\ndescription: Greets warmly\n---\nSay hello to $1\n");
  await mkdir(join(world.agentDir, "extensions"), { recursive: true });
  await writeFile(
    join(world.agentDir, "extensions", "deploy.ts"),
    `export default function (pi) {
  pi.registerCommand("deploy-now", { description: "Ships the build", handler: async (args, ctx) => ctx.ui.notify("deploying " + args, "info") });
}
`,
  );
  world.mock.enqueue({ text: "first answer", usage: { input: 1234, output: 56 } }, { text: "second answer" });
  const run = await ui.start();
  const screen = () => run.screen().join("\n");

  run.type("/sk");
  await run.waitFor((shown) => /skill:tidy\s+Tidies things up/.test(shown));
  run.type("\t");
  await run.waitFor((shown) => /^\/skill:tidy\s*$/m.test(shown));
  run.type("\x15/gre");
  await run.waitFor((shown) => /greet\s+Greets warmly/.test(shown));
  run.type("\t");
  await run.waitFor((shown) => /^\/greet\s*$/m.test(shown));
  run.type("\x15/deploy");
  await run.waitFor((shown) => /deploy-now\s+Ships the build/.test(shown));
  run.type("\t");
  await run.waitFor((shown) => /^\/deploy-now\s*$/m.test(shown));
  run.type("prod\r");
  await run.waitForText("deploying prod");

  run.type("!sleep 1; echo shared-output\r");
  await run.waitForText("Running...");
  // a second command while the first runs is refused and stays in the editor
  run.type("!!echo private-output\r");
  await run.waitFor((shown) => shown.includes("A bash command is already running") && /^!!echo private-output\s*$/m.test(shown));
  await run.waitFor((shown) => /^\s*shared-output\s*$/m.test(shown) && !shown.includes("Running..."));
  run.type("\r");
  await run.waitFor((shown) => /^\s*private-output\s*$/m.test(shown));
  run.type("what did it print?\r");
  await run.waitForText("first answer");
  const sent = JSON.stringify(world.mock.requests[0]!.body.messages);
  expect(sent).toContain("shared-output");
  expect(sent).not.toContain("private-output");
  expect(sent.indexOf("shared-output")).toBeLessThan(sent.indexOf("what did it print?"));
  await run.waitFor((shown) => /↑1\.2k ↓56/.test(shown));

  const [first] = await sessionFiles(world.agentDir);
  expect(first).toBeDefined();
  run.type("/new\r");
  await run.waitForText("New session started");
  await run.waitFor((shown) => !shown.includes("first answer") && !shown.includes("shared-output") && !/↑1\.2k/.test(shown));
  expect(screen()).not.toContain("what did it print?");
  run.type("a fresh start\r");
  await run.waitForText("second answer");
  const files = await sessionFiles(world.agentDir);
  expect(files).toHaveLength(2);
  const second = files.find((file) => file !== first)!;
  expect(await readFile(first!, "utf8")).toContain("first answer");
  const secondText = await readFile(second, "utf8");
  expect(secondText).toContain("second answer");
  expect(secondText).not.toContain("first answer");
  // the new session's request carries none of the old conversation
  expect(JSON.stringify(world.mock.requests[1]!.body.messages)).not.toContain("shared-output");
});
