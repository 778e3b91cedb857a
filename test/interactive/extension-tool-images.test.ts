// Images in the rows of tools an extension draws (renderCall/renderResult), as pi 1.6.0 shows them: on a terminal
// with Kitty graphics the result's image is drawn after the extension's rendering, and the renderer is told images
// are shown; on one without, pith's fallback result gives the image its `[Image: [image/png] WxH]` line.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { makePng } from "../support/png.js";
import { usePtyWorld } from "./pty-harness.js";

const fixture = fileURLToPath(new URL("./fixtures/image-tool.ts", import.meta.url));
const ui = usePtyWorld();

async function startWithImageTools(protocol: "kitty" | "none") {
  const world = ui.world();
  const image = join(world.project, "shot.png");
  await writeFile(image, makePng(24, 12));
  world.mock.enqueue({ toolCalls: [{ name: "snapshot", arguments: {} }, { name: "sketch", arguments: {} }] }, { text: "Both captured." });
  return ui.start(["-e", fixture, "take them"], { ready: "Both captured.", env: { PI_IMAGE_PROTOCOL: protocol, PITH_TEST_IMAGE: image } });
}

it("a Kitty terminal gets each result's image after the extension's rendering", async () => {
  const run = await startWithImageTools("kitty");
  const screen = run.buffer().join("\n");
  expect(screen).toContain("snapshot drawn, showImages=true");
  expect(screen).not.toContain("[Image: [image/png]");
  // two images went to the terminal (APC G with PNG data), the first after the renderer's text
  const output = run.output;
  const images = [...output.matchAll(/\x1b_G[^\x1b]*;/g)];
  expect(images.length).toBeGreaterThanOrEqual(2);
  expect(output.indexOf("snapshot drawn")).toBeLessThan(images[0]!.index);
});

it("a terminal without images gets the image's line from pith's fallback; the renderer draws its own", async () => {
  const run = await startWithImageTools("none");
  const screen = run.buffer().join("\n");
  expect(screen).toContain("snapshot drawn, showImages=true");
  expect(screen).toMatch(/sketch call[^]*captured\s*\n\s*\[Image: \[image\/png\] 24x12\]/);
  expect(screen.match(/\[Image: \[image\/png\] 24x12\]/g)).toHaveLength(1);
  expect(run.output).not.toContain("\x1b_G");
});
