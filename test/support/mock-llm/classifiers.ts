// The classifier APIs (not streams, one JSON answer each): System One (`POST …/systemone`: TypeSafe, OpenRouter,
// Vercel AI Gateway, OpenCode, Copilot), Cloudflare Workers AI's `POST …/ai/run` envelope around it, and OpenAI's
// Decisions (`POST …/decisions`). The answers follow from the request's questions, so any reply (`{}`) will do:
// a choice picks its first option (probability 0.75, the rest share 0.25), a score 1 (confidence 0.5), a yes/no
// 0.8. `usage.input`/`output` of the reply give the token counts (default 120 and 1).
import type { ErrorFields, WireFormat } from "./wire-format.js";
import type { EncodeContext, ScriptedReply } from "./types.js";

type Questions = Record<string, { type?: string; criteria?: unknown }>;

function choiceProbabilities(keys: string[]): Record<string, number> {
  return Object.fromEntries(keys.map((key, index) => [key, index === 0 ? 0.75 : 0.25 / (keys.length - 1)]));
}

function systemOneAnswers(questions: Questions): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(questions).map(([id, question]) => {
      if (question.type === "choice") {
        const keys = Object.keys(question.criteria as object);
        return [id, { type: "choice", choice: keys[0], probabilities: choiceProbabilities(keys), confidence: 0.5 }];
      }
      if (question.type === "score") return [id, { type: "score", score: 1, confidence: 0.5 }];
      return [id, { type: "noul", noul: 0.8 }];
    }),
  );
}

function usageOf(reply: ScriptedReply): { input_tokens: number; output_tokens: number } {
  return { input_tokens: reply.usage?.input ?? 120, output_tokens: reply.usage?.output ?? 1 };
}

const context = (): EncodeContext => ({});
const errorBody = (_status: number, fields: ErrorFields) => ({ error: { message: fields.message, type: fields.type ?? "invalid_request_error" } });
const noStream = {
  isStreamRequest: () => false,
  streamFrames: () => [],
  contextFor: context,
  errorBody,
};

export const systemOne: WireFormat = {
  ...noStream,
  api: "typesafe-system-one",
  path: /\/systemone$/,
  jsonBody: (reply, _context, body) => ({ answers: systemOneAnswers((body?.questions ?? {}) as Questions), usage: usageOf(reply) }),
};

export const cloudflareSystemOne: WireFormat = {
  ...noStream,
  api: "cloudflare-workers-ai-system-one",
  path: /\/ai\/run$/,
  jsonBody: (reply, _context, body) => {
    const input = (body?.input ?? {}) as { questions?: Questions };
    const output = { answers: systemOneAnswers(input.questions ?? {}), usage: usageOf(reply) };
    // Cloudflare's own models answer directly; third-party ones (TypeSafe's) inside a completed run record
    const model = String(body?.model ?? "");
    return { success: true, result: model.startsWith("@cf/") ? { model, ...output } : { state: "Completed", result: output } };
  },
};

export const openAiDecisions: WireFormat = {
  ...noStream,
  api: "openai-decisions",
  path: /\/decisions$/,
  jsonBody: (reply, _context, body) => {
    const questions = (body?.questions ?? []) as { type?: string; name?: string; choices?: { value: string }[] }[];
    const answers = questions.map((question) => {
      if (question.type === "choice") {
        const probabilities = choiceProbabilities((question.choices ?? []).map((choice) => choice.value));
        return { type: "choice", name: question.name, choice: question.choices?.[0]?.value, probabilities: Object.entries(probabilities).map(([value, probability]) => ({ value, probability })), confidence: 0.5 };
      }
      if (question.type === "score") return { type: "score", name: question.name, score: 1, confidence: 0.5 };
      return { type: "predicate", name: question.name, probability: 0.8 };
    });
    return { answers, usage: usageOf(reply) };
  },
};
