// An extension written as a pi 1.6.0 user writes one (docs/models.md, "Use image models"): a tool that finds an
// image model with ctx.modelRegistry.getModelOfType() and calls ctx.modelRegistry.generateImages(), in print mode
// of the built CLI. OpenRouter is moved to the mock server by models.json without a model list, so its image models
// stay and take its key from the environment; the images reach the model as the tool's result.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createCliWorld, type CliWorld } from "../cli/cli-harness.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const PAINTER = `import { Type } from "typebox";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "paint",
    label: "Paint",
    description: "Paints a picture of the prompt",
    parameters: Type.Object({ prompt: Type.String() }),
    async execute(_id, params, signal, _onUpdate, ctx) {
      const painter = ctx.modelRegistry.getModelOfType("image", "openrouter", "black-forest-labs/flux.2-pro");
      if (!painter) throw new Error("no image model");
      const result = await ctx.modelRegistry.generateImages(painter, { input: [{ type: "text", text: params.prompt }] }, { signal });
      if (result.stopReason !== "stop") throw new Error(result.errorMessage);
      const images = result.output.filter((block) => block.type === "image");
      return {
        content: [{ type: "text", text: \`painted \${images.length}, \${result.usage?.totalTokens} tokens\` }, ...images],
        details: { cost: result.usage?.cost.total },
      };
    },
  });
}
`;

let world: CliWorld;
beforeEach(async () => {
  world = await createCliWorld();
  const models = JSON.parse(await readFile(join(world.agentDir, "models.json"), "utf8")) as { providers: Record<string, { baseUrl?: string; models?: object[] }> };
  // the chat model sees images, so the tool's image reaches it
  models.providers.mock!.models = [{ id: "mock-model", contextWindow: 200000, maxTokens: 8192, input: ["text", "image"] }];
  models.providers.openrouter = { baseUrl: `${world.mock.url}/v1` };
  await writeFile(join(world.agentDir, "models.json"), JSON.stringify(models));
  await writeFile(join(world.project, "painter.ts"), PAINTER);
});
afterEach(() => world.close());

it("a tool calls ctx.modelRegistry.generateImages() in print mode; the image goes back to the model", async () => {
  world.mock.enqueue(
    { toolCalls: [{ name: "paint", arguments: { prompt: "A red fox in the snow" } }] },
    { images: [{ mimeType: "image/png", data: PNG }], usage: { input: 9, output: 1290 } },
    { text: "Here is your fox." },
  );
  const result = await world.run(["-p", "--model", "mock/mock-model", "-e", "./painter.ts", "paint a fox"], { env: { OPENROUTER_API_KEY: "or-key" } });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout).toBe("Here is your fox.\n");
  const [, image, last] = world.mock.requests;
  expect(image).toMatchObject({ path: "/v1/chat/completions", headers: { authorization: "Bearer or-key" } });
  expect(image!.body).toEqual({
    model: "black-forest-labs/flux.2-pro",
    messages: [{ role: "user", content: [{ type: "text", text: "A red fox in the snow" }] }],
    stream: false,
    modalities: ["image"],
  });
  // the tool's result, image included, is in the next request to the chat model
  const sent = JSON.stringify(last!.body);
  expect(sent).toContain("painted 1, 1299 tokens");
  expect(sent).toContain(PNG);
});
