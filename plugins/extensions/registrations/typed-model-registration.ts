// pi 1.6.0's mixed-operation `registerProvider(name, config)`: the `models` list may hold classifier and image
// entries (`type: "classifier" | "image"`) beside chat ones, and `classifiers`/`images` map an API name to the
// function that serves it. Chat entries go to the models service as before; the typed ones, completed from the
// provider's fields as pi completes them, and the functions go to its typed models (plugins/models/typed-models.ts).
import { PithError } from "../../../kernel/index.js";
import type { ClassifierModel, ImageModel, TypedModel } from "../../models/model-types.js";
import type { ExtensionTypedModels, ModelOperation } from "../../models/typed-models.js";

export interface SplitRegistration {
  /** the config without typed entries and operations: what the chat models service takes */
  chatConfig: Record<string, unknown>;
  /** undefined when the registration touches no typed model or operation */
  typed: ExtensionTypedModels | undefined;
}

export function splitTypedRegistration(name: string, config: Record<string, unknown>): SplitRegistration {
  const { classifiers, images, ...rest } = config;
  const list = Array.isArray(rest.models) ? (rest.models as unknown[]) : undefined;
  const isTyped = (entry: unknown) => isRecord(entry) && (entry.type === "classifier" || entry.type === "image");
  const chatConfig = list ? { ...rest, models: list.filter((entry) => !isTyped(entry)).map(withoutChatType) } : rest;
  const operations = { classifiers: operationMap(name, "classifiers", classifiers, "classify"), images: operationMap(name, "images", images, "generateImages") };
  if (!list?.some(isTyped) && operations.classifiers.size === 0 && operations.images.size === 0 && !list?.length) return { chatConfig, typed: undefined };
  // a model list replaces the provider's catalogue across every operation (pi), typed entries or none
  const models = list?.length ? list.filter(isTyped).map((entry, index) => typedModel(name, rest, entry as Record<string, unknown>, index)) : undefined;
  return { chatConfig, typed: { ...(models ? { models } : {}), ...operations } };
}

function withoutChatType(entry: unknown): unknown {
  if (!isRecord(entry) || entry.type !== "chat") return entry;
  const { type: _chat, ...model } = entry;
  return model;
}

function operationMap(provider: string, field: string, value: unknown, method: string): Map<string, ModelOperation> {
  const operations = new Map<string, ModelOperation>();
  if (value === undefined) return operations;
  if (!isRecord(value)) throw new PithError("PROVIDER_CONFIG_INVALID", `provider "${provider}": "${field}" must map an api name to { ${method} }`);
  for (const [api, implementation] of Object.entries(value)) {
    const call = isRecord(implementation) ? implementation[method] : undefined;
    if (typeof call !== "function") throw new PithError("PROVIDER_CONFIG_INVALID", `provider "${provider}": ${field}["${api}"] has no ${method} function`);
    operations.set(api, call.bind(implementation) as ModelOperation);
  }
  return operations;
}

/** A typed entry with the provider's api, endpoint and headers where it sets none (as pi completes them). */
function typedModel(provider: string, config: Record<string, unknown>, entry: Record<string, unknown>, index: number): TypedModel {
  const where = `provider "${provider}": models[${index}]`;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const id = text(entry.id);
  if (!id) throw new PithError("PROVIDER_CONFIG_INVALID", `${where} needs an "id"`);
  const api = text(entry.api) ?? text(config.api);
  const baseUrl = text(entry.baseUrl) ?? text(config.baseUrl);
  if (!api) throw new PithError("PROVIDER_CONFIG_INVALID", `${where} ("${id}") has no "api"; set it on the provider or the model`);
  const cost = isRecord(entry.cost) ? entry.cost : {};
  const base = {
    id,
    name: text(entry.name) ?? id,
    api,
    provider,
    baseUrl: baseUrl ?? "",
    input: Array.isArray(entry.input) ? (entry.input as ("text" | "image")[]) : ["text" as const],
    cost: { input: Number(cost.input ?? 0), output: Number(cost.output ?? 0), cacheRead: Number(cost.cacheRead ?? 0), cacheWrite: Number(cost.cacheWrite ?? 0) },
    ...(isRecord(entry.headers) ? { headers: entry.headers as Record<string, string> } : {}),
  };
  if (entry.type === "image") {
    const output = Array.isArray(entry.output) ? (entry.output as ImageModel["output"]) : ["image" as const];
    return { ...base, type: "image", output };
  }
  const compat = isRecord(entry.compat) || isRecord(config.compat) ? { ...(config.compat as object), ...(entry.compat as object) } : undefined;
  const classifier: ClassifierModel = { ...base, type: "classifier", contextWindow: typeof entry.contextWindow === "number" ? entry.contextWindow : 0 };
  if (compat) classifier.compat = compat;
  return classifier;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
