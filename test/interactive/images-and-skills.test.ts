// Images, skills and the start-up resource listing in the chat. One run without image support: the listing names
// the context file, skill and prompt template loaded (paths once ctrl+o expands it), no custom theme; an attached image and one the
// read tool returns are each one `[Image: [image/png] WxH]` line; a `/skill:name args` message is a `[skill] name`
// box, the skill's text shown by ctrl+o, with the args as a user message of their own. One run on a Kitty-graphics terminal
// (PI_IMAGE_PROTOCOL=kitty): both images are sent to the terminal as Kitty images instead of the lines.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, expect, it } from "vitest";
import { makePng } from "../support/png.js";
import { usePtyWorld } from "./pty-harness.js";
import { DARK } from "../../plugins/interactive/theme/tokens.js";

const ui = usePtyWorld();

beforeEach(async () => {
  const world = ui.world();
  const models = join(world.agentDir, "models.json");
  const declared = JSON.parse(await readFile(models, "utf8")) as { providers: { mock: { models: Record<string, unknown>[] } } };
  declared.providers.mock.models[0]!.input = ["text", "image"];
  await writeFile(models, JSON.stringify(declared));
  await writeFile(join(world.project, "photo.png"), makePng(40, 20));
  await writeFile(join(world.project, "chart.png"), makePng(30, 10));
  await mkdir(join(world.agentDir, "skills", "tidy"), { recursive: true });
  await writeFile(join(world.agentDir, "skills", "tidy", "SKILL.md"), "---\nname: tidy\ndescription: Tidies things up\n---\nSort the imports before anything else.\n");
  await writeFile(join(world.project, "AGENTS.md"), "Be brief.\n");
  await mkdir(join(world.agentDir, "prompts"), { recursive: true });
  await writeFile(join(world.agentDir, "prompts", "greet.md"), "Say hello\n");
  // pi 1.6.0 lists no custom themes
  await mkdir(join(world.agentDir, "themes"), { recursive: true });
  await writeFile(join(world.agentDir, "themes", "ocean.json"), JSON.stringify({ name: "ocean", colors: DARK }));
  world.mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "chart.png" } }] }, { text: "A chart and a photo." });
});

it("shows attached and tool-result images as lines where the terminal has no images, and a skill as its box", async () => {
  const pty = await ui.start(["--tools", "read", "@photo.png", "what are these?"], { ready: "A chart and a photo." });
  const screen = () => pty.screen().join("\n");
  const listing = pty.buffer().join("\n");
  expect(listing).toMatch(/\[Context\]\s+AGENTS\.md/);
  expect(listing).toMatch(/\[Skills\]\s+tidy/);
  expect(listing).toMatch(/\[Prompts\]\s+\/greet/);
  expect(listing).not.toContain("[Themes]");
  expect(listing).not.toContain("ocean");
  expect(screen()).toContain("[Image: [image/png] 40x20]");
  expect(screen()).not.toContain("\x1b_G");

  ui.world().mock.enqueue({ text: "Tidied." });
  pty.type("/skill:tidy the parser\r");
  await pty.waitForText("Tidied.");
  expect(screen()).toMatch(/\[skill\] tidy \(ctrl\+o to expand\)/);
  expect(screen()).toMatch(/^\s*the parser\s*$/m);
  expect(screen()).not.toContain("Sort the imports");
  pty.type("\x0f");
  await pty.waitForText("Sort the imports before anything else.");
  // the read's result shows once expanded (pi 1.6.0)
  await pty.waitFor(() => pty.buffer().join("\n").includes("[Image: [image/png] 30x10]"));
  // the listing expanded with the rest: each resource with its path, by where it comes from
  await pty.waitFor(() => pty.buffer().join("\n").includes("~/agent/skills/tidy/SKILL.md"));
  expect(pty.buffer().join("\n")).toMatch(/\/greet\s+~\/agent\/prompts\/greet\.md/);
  // the model got the skill's text and the args in one message
  expect(JSON.stringify(ui.world().mock.requests.at(-1)!.body.messages)).toMatch(/<skill name=\\"tidy\\"[^]*Sort the imports[^]*the parser/);
});

it("sends both images to a Kitty-graphics terminal as images", async () => {
  const pty = await ui.start(["--tools", "read", "@photo.png", "what are these?"], { ready: "A chart and a photo.", env: { PI_IMAGE_PROTOCOL: "kitty" } });
  expect(pty.screen().join("\n")).not.toContain("[Image: [image/png]");
  // a Kitty graphics command (APC G) carries each PNG, the attached one and the one read
  const kitty = pty.output.match(/\x1b_G[^\x1b]*;/g) ?? [];
  expect(kitty.length).toBeGreaterThanOrEqual(2);
});
