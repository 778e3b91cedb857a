// OpenAI's Decisions API (`POST /v1/decisions`, GPT-6 Luna) as pi-ai 1.6.0 calls it: the state as JSON text (with
// images, one user message of the text and its `input_image` parts), questions as a list (`bool` becomes a
// `predicate` whose true/false meanings join its instructions), answers matched back by name. Only API keys work.
import { PithError } from "../../kernel/index.js";
import type { ClassifierAnswer, ClassifierCall, ClassifierContext, ClassifierQuestion } from "./classifier-types.js";
import { ClassifierHttpError, classifierUsage, isRecord, malformed, postClassifierRequest, requiredNumber } from "./classifier-http.js";

const LABEL = "OpenAI Decisions";
/** The endpoint takes at most this many image parts a request. */
const MAX_IMAGES = 128;
/**
 * The gateway in front of the API answers 504 when a request runs past about five seconds (very large inputs);
 * the same input would time out again, so 504 is not retried.
 */
const NO_RETRY_STATUSES = [504];

function wireQuestion(name: string, question: ClassifierQuestion): Record<string, unknown> {
  if (question.type === "choice") {
    const choices = Object.entries(question.criteria).map(([value, description]) => (description ? { value, description } : { value }));
    return { type: "choice", name, instructions: question.instructions, choices };
  }
  if (question.type === "score") return { type: "score", name, instructions: question.instructions, levels: question.criteria.map((label) => ({ label })) };
  const meanings = [question.criteria.true ? `True means: ${question.criteria.true}` : "", question.criteria.false ? `False means: ${question.criteria.false}` : ""].filter(Boolean);
  return { type: "predicate", name, instructions: meanings.length > 0 ? `${question.instructions}\n\n${meanings.join("\n")}` : question.instructions };
}

function wireInput(context: ClassifierContext): unknown {
  const state = JSON.stringify(context.state);
  const images = context.images ?? [];
  if (images.length === 0) return state;
  if (images.length > MAX_IMAGES) throw new PithError("CLASSIFIER_IMAGE_UNSUPPORTED", `${LABEL} accepts at most ${MAX_IMAGES} images, got ${images.length}`);
  const parts = images.map((image) => ({ type: "input_image", image_url: `data:${image.mimeType};base64,${image.data}` }));
  return [{ role: "user", content: [{ type: "input_text", text: state }, ...parts] }];
}

function parseAnswer(id: string, question: ClassifierQuestion, answer: Record<string, unknown>): ClassifierAnswer {
  if (answer.type === "refusal") throw malformed(`${LABEL} refused to answer ${id}`);
  if (question.type === "choice") {
    if (answer.type !== "choice" || typeof answer.choice !== "string") throw malformed(`${LABEL} did not return a choice answer for ${id}`);
    if (!Array.isArray(answer.probabilities)) throw malformed(`${LABEL} returned invalid probabilities for ${id}`);
    const probabilities = Object.fromEntries(
      answer.probabilities.map((entry: unknown) => {
        if (!isRecord(entry) || typeof entry.value !== "string") throw malformed(`${LABEL} returned invalid probabilities for ${id}`);
        return [entry.value, requiredNumber(LABEL, entry.probability, `probability for ${id}.${entry.value}`)];
      }),
    );
    return { type: "choice", choice: answer.choice, probabilities, confidence: requiredNumber(LABEL, answer.confidence, `confidence for ${id}`) };
  }
  if (question.type === "score") {
    if (answer.type !== "score") throw malformed(`${LABEL} did not return a score answer for ${id}`);
    return { type: "score", score: requiredNumber(LABEL, answer.score, `score for ${id}`), confidence: requiredNumber(LABEL, answer.confidence, `confidence for ${id}`) };
  }
  if (answer.type !== "predicate") throw malformed(`${LABEL} did not return a predicate answer for ${id}`);
  return { type: "bool", probability: requiredNumber(LABEL, answer.probability, `probability for ${id}`) };
}

export const openAiDecisions: ClassifierCall = async (model, context, options, output) => {
  const body = { model: model.id, input: wireInput(context), questions: Object.entries(context.questions).map(([id, question]) => wireQuestion(id, question)) };
  const url = new URL("decisions", `${model.baseUrl.replace(/\/+$/u, "")}/`);
  let answer: unknown;
  try {
    answer = await postClassifierRequest({ label: LABEL, url, model, body, options, noRetryStatuses: NO_RETRY_STATUSES });
  } catch (error) {
    if (error instanceof ClassifierHttpError && error.status === 504) {
      throw new PithError("CLASSIFIER_REQUEST_FAILED", `${LABEL} error (504): the request timed out at the gateway. Very large inputs (above roughly 600K tokens) currently exceed its time limit.`);
    }
    throw error;
  }
  if (!isRecord(answer)) throw malformed(`${LABEL} returned an unexpected response`);
  const usage = classifierUsage(answer.usage, model);
  if (usage) output.usage = usage;
  if (!Array.isArray(answer.answers)) throw malformed(`${LABEL} returned an unexpected response`);
  const byName = new Map<string, Record<string, unknown>>();
  for (const entry of answer.answers) if (isRecord(entry) && typeof entry.name === "string") byName.set(entry.name, entry);
  output.answers = Object.fromEntries(
    Object.entries(context.questions).map(([id, question]) => {
      const entry = byName.get(id);
      if (!entry) throw malformed(`${LABEL} did not return an answer for ${id}`);
      return [id, parseAnswer(id, question, entry)];
    }),
  );
};
