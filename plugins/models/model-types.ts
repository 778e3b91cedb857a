// What a catalogue entry is for, as pi 1.6.0 types its models: chat models (kernel `Model`, the default) stream
// conversations; classifier models answer typed questions with `classify()`; image models make pictures with
// `generateImages()`. Only chat models reach the model picker, `--list-models` and sessions; the others are
// listed by the type accessors of `ctx.modelRegistry` (getModelsOfType and friends).
import type { Model, ModelCost } from "../../kernel/index.js";

/** The model types pi 1.6.0 knows; any other type is unknown and lists nothing. */
export const MODEL_TYPES = ["chat", "image", "classifier"] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/** The fields every entry has, whatever its type (pi-ai's `BaseModel`). */
export interface BaseTypedModel {
  id: string;
  name: string;
  api: string;
  provider: string;
  baseUrl: string;
  input: ("text" | "image")[];
  cost: ModelCost;
  headers?: Record<string, string>;
  /** provider input limits, as pi's catalogue has them for image models */
  inputLimits?: Record<string, unknown>;
}

/** A structured classifier (pi-ai's `ClassifierModel`): usable with `classify()` only. */
export interface ClassifierModel extends BaseTypedModel {
  type: "classifier";
  contextWindow: number;
  /** System One overrides (`imageInput`, `sendImageOptInHeader`); unset: detected from provider, baseUrl and id */
  compat?: Record<string, unknown>;
}

/** An image-generation model (pi-ai's `ImageModel`): usable with `generateImages()` only. */
export interface ImageModel extends BaseTypedModel {
  type: "image";
  /** always holds "image"; "text" when the model can also answer text */
  output: ("text" | "image")[];
}

export interface ModelTypeMap {
  chat: Model;
  image: ImageModel;
  classifier: ClassifierModel;
}

/** A classifier or image model: what is not a chat model. */
export type TypedModel = ClassifierModel | ImageModel;

export function isModelType(value: unknown): value is ModelType {
  return typeof value === "string" && (MODEL_TYPES as readonly string[]).includes(value);
}
