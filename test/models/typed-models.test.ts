// Classifier and image models as pi 1.6.0 lists them: pi's own ModelRegistry (Node 22) and pith's registry view
// read the same agent folder (models.json moving OpenRouter and setting its System One compat) and the same key
// variables, and must answer the type accessors alike, field for field; chat listings hold no typed model.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modelRegistryView } from "../../plugins/extensions/context/model-registry-view.js";
import type { ImageModel } from "../../plugins/models/model-types.js";
import { ModelRegistry } from "../../plugins/models/registry.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { removeAfterTest } from "../support/temp-folders.js";

const KEYS = { OPENROUTER_API_KEY: "or-key", TYPESAFE_API_KEY: "ts-key", OPENAI_API_KEY: "oa-key" };
const MODELS_JSON = { providers: { openrouter: { baseUrl: "http://127.0.0.1:9/openrouter", compat: { imageInput: "assets" } } } };

interface Listing {
  classifiers: unknown[];
  images: unknown[];
  typesafe: unknown[];
  available: string[];
  availableImages: number;
  found: unknown;
  unknownType: unknown[];
  chatTyped: number;
}

/** The same questions asked of either registry (pi's or the view). */
const ASK = `async (r) => {
  const ids = (list) => list.map((m) => m.provider + "/" + m.id);
  return {
    classifiers: r.getModelsOfType("classifier"),
    images: r.getModelsOfType("image"),
    typesafe: r.getModelsOfType("classifier", "typesafe"),
    available: ids(await r.getAvailableOfType("classifier")),
    availableImages: (await r.getAvailableOfType("image")).length,
    found: r.findOfType("classifier", "openrouter", "cloudflare/clef") ?? null,
    unknownType: r.getModelsOfType("embedding"),
    chatTyped: r.getAll().filter((m) => m.type !== undefined && m.type !== "chat").length,
  };
}`;

async function agentFolder(): Promise<string> {
  const dir = removeAfterTest(await mkdtemp(join(tmpdir(), "pith-typed-")));
  await writeFile(join(dir, "models.json"), JSON.stringify(MODELS_JSON));
  return dir;
}

async function piListing(dir: string): Promise<Listing> {
  const core = join(PI16_PACKAGE, "dist/core");
  const output = await runOnNode22(
    `const { ModelRuntime } = await import(${JSON.stringify(join(core, "model-runtime.js"))});
     const { ModelRegistry } = await import(${JSON.stringify(join(core, "model-registry.js"))});
     const dir = ${JSON.stringify(dir)};
     const runtime = await ModelRuntime.create({ authPath: dir + "/auth.json", modelsPath: dir + "/models.json" });
     process.stdout.write(JSON.stringify(await (${ASK})(new ModelRegistry(runtime))));`,
    { env: { ...KEYS, HOME: dir, PI_CODING_AGENT_DIR: dir, PI_OFFLINE: "1" } },
  );
  return JSON.parse(output) as Listing;
}

async function pithListing(dir: string): Promise<Listing> {
  const registry = new ModelRegistry({ agentDir: dir, env: { ...KEYS, HOME: dir } });
  const ask = new Function(`return ${ASK}`)() as (view: unknown) => Promise<Listing>;
  return JSON.parse(JSON.stringify(await ask(modelRegistryView(() => registry)))) as Listing;
}

describe("classifier and image models", () => {
  it("are listed by the type accessors as pi 1.6.0 lists them, with models.json's provider settings", async () => {
    const dir = await agentFolder();
    const [pi, pith] = await Promise.all([piListing(dir), pithListing(dir)]);
    expect(pith.classifiers).toHaveLength(81);
    expect(pith.found).toMatchObject({ baseUrl: "http://127.0.0.1:9/openrouter", compat: { imageInput: "assets", sendImageOptInHeader: false } });
    expect(pith.available).toContain("typesafe/jev-latest");
    expect(pith.available).toContain("openai/gpt-6-luna");
    expect(pith.chatTyped).toBe(0);
    expect(pith).toEqual(pi);
  }, 120_000);
});

describe("an extension's classifier models", () => {
  it("replace the provider's classifiers and are served by its classify function, with the key resolved", async () => {
    const { splitTypedRegistration } = await import("../../plugins/extensions/registrations/typed-model-registration.js");
    const dir = await agentFolder();
    const registry = new ModelRegistry({ agentDir: dir, env: { HOME: dir } });
    const seen: unknown[] = [];
    const config = {
      baseUrl: "http://127.0.0.1:9/media",
      apiKey: "media-key",
      compat: { imageInput: "images" },
      models: [{ type: "classifier", id: "classifier-v1", name: "Classifier V1", api: "media-classifier", input: ["text"], cost: { input: 1, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 64000 }],
      classifiers: { "media-classifier": { classify: async (model: unknown, _context: unknown, options: { apiKey?: string }) => (seen.push([model, options.apiKey]), { answers: { ok: { type: "bool", probability: 1 } }, stopReason: "stop" }) } },
    };
    const { chatConfig, typed } = splitTypedRegistration("media-tools", config);
    registry.registerProvider("media-tools", chatConfig);
    registry.typedModels.register("media-tools", typed);
    const view = modelRegistryView(() => registry);
    const model = view.findOfType("classifier", "media-tools", "classifier-v1");
    expect(model).toMatchObject({ type: "classifier", provider: "media-tools", baseUrl: "http://127.0.0.1:9/media", compat: { imageInput: "images" } });
    expect(view.getModelsOfType("chat", "media-tools")).toEqual([]);
    const result = await view.classify(model, { state: {}, questions: { ok: { type: "bool", instructions: "?", criteria: { true: "y", false: "n" } } } });
    expect(result).toMatchObject({ stopReason: "stop", answers: { ok: { probability: 1 } } });
    expect(seen).toEqual([[expect.objectContaining({ id: "classifier-v1" }), "media-key"]]);
    registry.unregisterProvider("media-tools");
    expect(view.getModelsOfType("classifier", "media-tools")).toEqual([]);
  });
});

describe("headers of image models (pi 1.6.0's provider composer)", () => {
  it("an extension image entry's own headers are config values: $NAME is read from the environment", async () => {
    const { splitTypedRegistration } = await import("../../plugins/extensions/registrations/typed-model-registration.js");
    const dir = await agentFolder();
    const registry = new ModelRegistry({ agentDir: dir, env: { HOME: dir, IMAGE_TEAM: "blue" } });
    const seen: Record<string, string | null>[] = [];
    const config = {
      baseUrl: "http://127.0.0.1:9/media",
      apiKey: "media-key",
      headers: { "x-provider": "literal" },
      models: [{ type: "image", id: "painter-v1", api: "media-images", headers: { "x-team": "$IMAGE_TEAM", "x-plain": "as-is" } }],
      images: { "media-images": { generateImages: async (_model: unknown, _context: unknown, options: { headers: Record<string, string | null> }) => (seen.push(options.headers), { output: [], stopReason: "stop" }) } },
    };
    const { chatConfig, typed } = splitTypedRegistration("media-tools", config);
    registry.registerProvider("media-tools", chatConfig);
    registry.typedModels.register("media-tools", typed);
    const view = modelRegistryView(() => registry);
    const result = await view.generateImages(view.findOfType("image", "media-tools", "painter-v1") as ImageModel, { input: [{ type: "text", text: "a fox" }] }, { headers: { "x-call": "1" } });
    expect(result).toMatchObject({ stopReason: "stop" });
    expect(seen).toEqual([{ "x-provider": "literal", "x-team": "blue", "x-plain": "as-is", "x-call": "1" }]);
  });

  it("models.json's per-model headers (modelOverrides) go to the chat model of that id only, not to an image model of the same id", async () => {
    const dir = await agentFolder();
    // an id OpenRouter has as a chat model and as an image model
    const imageId = "google/gemini-3-pro-image";
    await writeFile(join(dir, "models.json"), JSON.stringify({ providers: { openrouter: { modelOverrides: { [imageId]: { headers: { "x-chat-only": "yes" } } } } } }));
    const registry = new ModelRegistry({ agentDir: dir, env: { HOME: dir, OPENROUTER_API_KEY: "or-key" } });
    const view = modelRegistryView(() => registry);
    const image = view.findOfType("image", "openrouter", imageId) as { type: string; provider: string; id: string; api: string };
    expect(image.type).toBe("image");
    expect((await registry.resolveAuth(image)).headers?.["x-chat-only"]).toBeUndefined();
    expect((await registry.resolveAuth(registry.find("openrouter", imageId)!)).headers?.["x-chat-only"]).toBe("yes");
  });
});
