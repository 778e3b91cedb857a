// images.autoResize and images.blockImages through the real CLI against the mock model, with real PNG and JPEG
// files: an attached image and one the read tool returns are scaled to 2000 px and the model is told the scale; a
// large read image that pith once left out is now sent, scaled; with blockImages the model gets pi's notice.
// @long-running: CLI runs that resize images
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";
import { decodedSize, makeJpeg, makePng } from "./make-images.js";

interface Block {
  type: string;
  text?: string;
  source?: { media_type: string; data: string };
  content?: string | Block[];
}

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  // the mock model takes images
  const models = join(world.agentDir, "models.json");
  const declared = JSON.parse(await readFile(models, "utf8")) as { providers: { mock: { models: Record<string, unknown>[] } } };
  declared.providers.mock.models[0]!.input = ["text", "image"];
  await writeFile(models, JSON.stringify(declared));
});
afterEach(() => world.close());

const settings = (images: object) => writeFile(join(world.agentDir, "settings.json"), JSON.stringify({ images }));
const run = (...args: string[]) => world.run(["-p", "--model", "mock/mock-model", "--no-session", ...args]);

/** every block of the last user turn of request `index`, tool results opened up */
function lastUserBlocks(index: number): Block[] {
  const messages = (world.mock.requests[index]!.body as { messages: { role: string; content: string | Block[] }[] }).messages;
  const content = messages.filter((message) => message.role === "user").at(-1)!.content;
  const blocks = (value: string | Block[] | undefined): Block[] => (typeof value === "string" ? [{ type: "text", text: value }] : (value ?? []));
  return blocks(content).flatMap((block) => (block.type === "tool_result" ? blocks(block.content) : [block]));
}
/** the blocks of each tool result in the last user turn of request `index`, in the order of the calls */
function toolResultBlocks(index: number): Block[][] {
  const messages = (world.mock.requests[index]!.body as { messages: { role: string; content: string | Block[] }[] }).messages;
  const content = messages.filter((message) => message.role === "user").at(-1)!.content;
  const results = typeof content === "string" ? [] : content.filter((block) => block.type === "tool_result");
  return results.map((result) => (typeof result.content === "string" ? [{ type: "text", text: result.content }] : (result.content ?? [])));
}
const images = (blocks: Block[]) => blocks.filter((block) => block.type === "image").map((block) => block.source!);
const texts = (blocks: Block[]) => blocks.filter((block) => block.type === "text").map((block) => block.text!).join("\n");

describe("images.autoResize (on by default)", () => {
  it("scales an attached 3000×1500 PNG to 2000×1000 and tells the model the scale", async () => {
    await writeFile(join(world.project, "wide.png"), makePng(3000, 1500));
    world.mock.enqueue({ text: "seen" });
    const result = await run("@wide.png", "what is this?");
    expect(result.stderr).toBe("");
    const blocks = lastUserBlocks(0);
    const [image] = images(blocks);
    expect(await decodedSize(image!.data)).toEqual([2000, 1000]);
    expect(texts(blocks)).toContain("[Image: original 3000x1500, displayed at 2000x1000. Multiply coordinates by 1.50 to map to original image.]");
  });

  // one run, one reply calling read twice: each result is checked in the order of the calls
  it("scales a tall JPEG the read tool returns, the note right after the image; sends a read image over the 4.5 MB inline limit scaled down to fit, instead of leaving it out", async () => {
    await writeFile(join(world.project, "tall.jpg"), await makeJpeg(1200, 4000));
    await writeFile(join(world.project, "noise.png"), makePng(2400, 1200, "noise"));
    world.mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "tall.jpg" } }, { name: "read", arguments: { path: "noise.png" } }] }, { text: "done" });
    await run("look at tall.jpg and noise.png");
    const [tall, noise] = toolResultBlocks(1);
    const [tallImage] = images(tall!);
    expect(await decodedSize(tallImage!.data)).toEqual([600, 2000]);
    expect(texts(tall!)).toContain("Read image file [image/jpeg]");
    expect(texts(tall!)).toContain("[Image: original 1200x4000, displayed at 600x2000. Multiply coordinates by 2.00 to map to original image.]");
    const [noiseImage] = images(noise!);
    expect(noiseImage!.data.length).toBeLessThan(4.5 * 1024 * 1024);
    const [width, height] = await decodedSize(noiseImage!.data);
    expect(width / height).toBeCloseTo(2, 1);
    expect(width).toBeLessThanOrEqual(2000);
  }, 60_000);

  it("passes an image that fits unchanged, and with autoResize off sends even a large one as it is", async () => {
    const small = makePng(40, 30);
    await writeFile(join(world.project, "small.png"), small);
    await writeFile(join(world.project, "wide.png"), makePng(3000, 1500));
    world.mock.enqueue({ text: "one" }, { text: "two" });
    await run("@small.png", "small");
    expect(images(lastUserBlocks(0))[0]!.data).toBe(small.toString("base64"));
    expect(texts(lastUserBlocks(0))).not.toContain("[Image:");
    await settings({ autoResize: false });
    await run("@wide.png", "wide");
    expect(await decodedSize(images(lastUserBlocks(1))[0]!.data)).toEqual([3000, 1500]);
  });
});

describe("images.blockImages", () => {
  it("sends pi's notice instead of every image, once for images in a row", async () => {
    await settings({ blockImages: true });
    await writeFile(join(world.project, "a.png"), makePng(20, 20));
    await writeFile(join(world.project, "b.png"), makePng(30, 30));
    world.mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "b.png" } }] }, { text: "done" });
    const result = await run("@a.png", "@b.png", "compare");
    expect(result.code).toBe(0);
    const first = lastUserBlocks(0);
    expect(images(first)).toEqual([]);
    expect(first.filter((block) => block.text === "Image reading is disabled.")).toHaveLength(1);
    const second = lastUserBlocks(1);
    expect(images(second)).toEqual([]);
    expect(texts(second)).toContain("Image reading is disabled.");
  });
});
