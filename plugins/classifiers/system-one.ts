// The System One protocol (TypeSafe's Jev, and what OpenRouter, Vercel AI Gateway, OpenCode and GitHub Copilot
// serve in its form) and Cloudflare Workers AI's envelope around it, as pi-ai 1.6.0 speaks them: questions with
// `bool` sent as the wire's `noul`, images in the service's own form (`compat.imageInput`, else detected), answers
// and usage read back.
import { PithError } from "../../kernel/index.js";
import type { ClassifierModel } from "../models/model-types.js";
import type { ClassifierAnswer, ClassifierCall, ClassifierContext, ClassifierImage } from "./classifier-types.js";
import { classifierUsage, isRecord, malformed, postClassifierRequest, requiredNumber } from "./classifier-http.js";

type ImageInput = "assets" | "images" | "state-image-urls";

interface Transport {
  label: string;
  /** what a model without `compat` gets */
  detect(model: ClassifierModel): { imageInput: ImageInput; sendImageOptInHeader: boolean };
  path: string;
  payload(model: ClassifierModel, request: Record<string, unknown>): unknown;
  /** the `{ answers, usage }` object inside the service's answer */
  output(body: unknown): Record<string, unknown>;
}

/** TypeSafe's experimental image input needs this opt-in header; without it the API answers 400. */
const IMAGE_OPT_IN_HEADERS = { "TypeSafe-Danger-Zone-Images": "true" };
const ASSET_FORMATS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg" };
const DATA_URL_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
/** Clef takes at most this many images a request. */
const MAX_DATA_URL_IMAGES = 4;

export const typesafeSystemOne: Transport = {
  label: "System One API",
  // OpenRouter by provider id (kept when the base URL moves) or by host (its regional endpoints)
  detect: (model) =>
    model.provider === "openrouter" || model.baseUrl.includes("openrouter.ai") ? { imageInput: "state-image-urls", sendImageOptInHeader: false } : { imageInput: "assets", sendImageOptInHeader: true },
  path: "systemone",
  payload: (model, request) => ({ model: model.id, ...request }),
  output: (body) => {
    if (!isRecord(body)) throw malformed("System One API returned an unexpected response");
    return body;
  },
};

const CLOUDFLARE = "Cloudflare Workers AI";

export const cloudflareSystemOne: Transport = {
  label: CLOUDFLARE,
  detect: (model) => ({ imageInput: model.id.startsWith("@cf/cloudflare/clef") ? "images" : "assets", sendImageOptInHeader: false }),
  path: "run",
  payload: (model, request) => ({ model: model.id, input: request }),
  // Cloudflare-hosted models answer `{ result: { answers, usage } }`; third-party ones wrap a run record around it
  output: (body) => {
    if (!isRecord(body)) throw malformed(`${CLOUDFLARE} returned an unexpected response`);
    if (body.success === false) throw malformed(cloudflareErrors(body.errors));
    const result = body.result;
    if (!isRecord(result)) throw malformed(`${CLOUDFLARE} returned an unexpected response`);
    if ("answers" in result) return result;
    if (result.state !== "Completed") throw malformed(`${CLOUDFLARE} run did not complete (state: ${String(result.state)})`);
    if (!isRecord(result.result)) throw malformed(`${CLOUDFLARE} returned an unexpected response`);
    return result.result;
  },
};

function cloudflareErrors(errors: unknown): string {
  const messages = Array.isArray(errors) ? errors.flatMap((error) => (isRecord(error) && typeof error.message === "string" ? [error.message] : [])) : [];
  return messages.length > 0 ? `${CLOUDFLARE} error: ${messages.join("; ")}` : `${CLOUDFLARE} request failed`;
}

export function systemOneCall(transport: Transport): ClassifierCall {
  return async (model, context, options, output) => {
    const request: Record<string, unknown> = {
      state: context.state,
      questions: Object.fromEntries(Object.entries(context.questions).map(([id, question]) => [id, question.type === "bool" ? { ...question, type: "noul" } : question])),
    };
    let headers = options.headers;
    if (context.images?.length) {
      const detected = transport.detect(model);
      addImages(transport.label, model, (model.compat?.imageInput as ImageInput | undefined) ?? detected.imageInput, context.images, request);
      if ((model.compat?.sendImageOptInHeader as boolean | undefined) ?? detected.sendImageOptInHeader) headers = { ...IMAGE_OPT_IN_HEADERS, ...headers };
    }
    const url = new URL(transport.path, `${model.baseUrl.replace(/\/+$/u, "")}/`);
    const body = await postClassifierRequest({ label: transport.label, url, model, body: transport.payload(model, request), options: { ...options, headers } });
    const result = transport.output(body);
    const usage = classifierUsage(result.usage, model);
    if (usage) output.usage = usage;
    output.answers = parseAnswers(transport.label, result.answers, context);
  };
}

/** The images in the service's form; their names or parts go before the state, which the service reads after them. */
function addImages(label: string, model: ClassifierModel, input: ImageInput, images: ClassifierImage[], request: Record<string, unknown>): void {
  const refuse = (message: string) => new PithError("CLASSIFIER_IMAGE_UNSUPPORTED", `${label} ${message} for ${model.id}`);
  if (input === "images") {
    if (images.length > MAX_DATA_URL_IMAGES) throw refuse(`accepts at most ${MAX_DATA_URL_IMAGES} images, got ${images.length}`);
    request.images = images.map((image) => {
      if (!DATA_URL_TYPES.has(image.mimeType)) throw refuse(`accepts PNG, JPEG, and WebP images, got ${image.mimeType}`);
      return `data:${image.mimeType};base64,${image.data}`;
    });
    return;
  }
  if (input === "state-image-urls") {
    request.state = [...images.map((image) => ({ type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } })), request.state];
    return;
  }
  const assets: Record<string, unknown> = {};
  images.forEach((image, index) => {
    const format = ASSET_FORMATS[image.mimeType];
    if (!format) throw refuse(`accepts PNG and JPEG images, got ${image.mimeType}`);
    assets[`<image-${index + 1}>`] = { type: "image", format, data_base64: image.data };
  });
  request.assets = assets;
  request.state = [...Object.keys(assets), request.state];
}

function parseAnswers(label: string, value: unknown, context: ClassifierContext): Record<string, ClassifierAnswer> {
  if (!isRecord(value)) throw malformed(`${label} returned an unexpected response`);
  const answers: Record<string, ClassifierAnswer> = {};
  for (const [id, question] of Object.entries(context.questions)) {
    const answer = value[id];
    if (!isRecord(answer)) throw malformed(`${label} did not return an answer for ${id}`);
    if (question.type === "choice") {
      if (answer.type !== "choice" || typeof answer.choice !== "string") throw malformed(`${label} did not return a choice answer for ${id}`);
      if (!isRecord(answer.probabilities)) throw malformed(`${label} returned invalid probabilities for ${id}`);
      const probabilities = Object.fromEntries(Object.entries(answer.probabilities).map(([key, p]) => [key, requiredNumber(label, p, `probability for ${id}.${key}`)]));
      answers[id] = { type: "choice", choice: answer.choice, probabilities, confidence: requiredNumber(label, answer.confidence, `confidence for ${id}`) };
    } else if (question.type === "score") {
      if (answer.type !== "score") throw malformed(`${label} did not return a score answer for ${id}`);
      answers[id] = { type: "score", score: requiredNumber(label, answer.score, `score for ${id}`), confidence: requiredNumber(label, answer.confidence, `confidence for ${id}`) };
    } else {
      if (answer.type !== "noul") throw malformed(`${label} did not return a bool answer for ${id}`);
      answers[id] = { type: "bool", probability: requiredNumber(label, answer.noul, `probability for ${id}`) };
    }
  }
  return answers;
}
