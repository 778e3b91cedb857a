// pi 1.6.0's session key actions (app.session.new/tree/fork/resume, unbound until keybindings.json binds them) and
// ctrl+v (app.clipboard.pasteImage): an image on the clipboard becomes a temporary file whose path goes into the
// editor, else the clipboard's text; a fake xclip on PATH stands for the clipboard.
import { chmod, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { usePtyWorld } from "./pty-harness.js";

const ui = usePtyWorld();
const F5 = "\x1b[15~";
const F6 = "\x1b[17~";
const F7 = "\x1b[18~";
const F8 = "\x1b[19~";
const CTRL_V = "\x16";
const CTRL_U = "\x15";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** an xclip that answers as the clipboard in `mode` (image, text, or failing) does */
async function fakeXclip(folder: string): Promise<{ bin: string; mode: string }> {
  const bin = join(folder, "bin");
  await mkdir(bin, { recursive: true });
  const mode = join(folder, "clipboard-mode");
  const script = `#!/bin/sh
mode=$(cat "${mode}")
case "$mode:$*" in
  "image:-selection clipboard -t TARGETS -o") printf 'TARGETS\\nimage/png\\ntext/plain\\n' ;;
  "image:-selection clipboard -t image/png -o") cat "${join(folder, "clip.png")}" ;;
  "text:-selection clipboard -t TARGETS -o") printf 'TARGETS\\nUTF8_STRING\\n' ;;
  "text:-selection clipboard -out") printf 'text from the clipboard' ;;
  *) exit 1 ;;
esac
`;
  await writeFile(join(bin, "xclip"), script);
  await chmod(join(bin, "xclip"), 0o755);
  await writeFile(join(folder, "clip.png"), PNG);
  return { bin, mode };
}

it("keybindings.json binds the session actions to keys; ctrl+v pastes a clipboard image as a file path, else text, else says why not", async () => {
  const world = ui.world();
  const clipboard = await fakeXclip(world.home);
  const tmp = join(world.home, "tmp");
  await mkdir(tmp);
  await writeFile(
    join(world.agentDir, "keybindings.json"),
    JSON.stringify({ "app.session.resume": "f5", "app.session.tree": "f6", "app.session.fork": "f7", "app.session.new": "f8" }),
  );
  world.mock.enqueue({ text: "first answer" });
  await writeFile(clipboard.mode, "image");
  const run = await ui.start([], { env: { PATH: `${clipboard.bin}:${process.env.PATH}`, DISPLAY: ":99", TMPDIR: tmp } });
  run.type("first question\r");
  await run.waitForText("first answer");

  run.type(F6);
  await run.waitForText("Session Tree");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Session Tree"));
  run.type(F7);
  await run.waitForText("Fork from Message");
  run.type("\x1b");
  await run.waitFor((screen) => !screen.includes("Fork from Message"));
  run.type(F8);
  await run.waitForText("New session started");
  run.type(F5);
  await run.waitFor((screen) => /Resume Session/i.test(screen) && screen.includes("first question"));
  run.type("\x1b");
  await run.waitFor((screen) => !/Resume Session/i.test(screen));

  run.type(CTRL_V);
  await run.waitFor((screen) => /pi-clipboard-[0-9a-f-]+\.png/.test(screen));
  const [saved] = (await readdir(tmp)).filter((name) => name.startsWith("pi-clipboard-"));
  expect(await readFile(join(tmp, saved!))).toEqual(PNG);
  expect(run.screen().join("\n")).toContain(join(tmp, saved!).slice(0, 40));

  run.type(CTRL_U);
  await writeFile(clipboard.mode, "text");
  run.type(CTRL_V);
  await run.waitForText("text from the clipboard");

  run.type(CTRL_U);
  await writeFile(clipboard.mode, "broken");
  run.type(CTRL_V);
  await run.waitForText("Nothing to paste");
});
