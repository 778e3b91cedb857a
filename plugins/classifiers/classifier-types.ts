// pi-ai 1.6.0's classifier contract (ClassifierContext, ClassifierResult, ClassifierOptions) as pith types it:
// typed questions about JSON state, answered with probabilities. `bool` is the public name of a yes/no question.
import type { Usage } from "../../kernel/index.js";
import type { ClassifierModel } from "../models/model-types.js";

export type ClassifierQuestion =
  | { type: "choice"; instructions: string; criteria: Record<string, string> }
  | { type: "score"; instructions: string; criteria: string[] }
  | { type: "bool"; instructions: string; criteria: { true: string; false: string } };

export interface ClassifierImage {
  type: "image";
  data: string;
  mimeType: string;
}

export interface ClassifierContext {
  state: Record<string, unknown>;
  /** judged together with the state; only models whose `input` holds "image" take them */
  images?: ClassifierImage[];
  questions: Record<string, ClassifierQuestion>;
}

export type ClassifierAnswer =
  | { type: "choice"; choice: string; probabilities: Record<string, number>; confidence: number }
  | { type: "score"; score: number; confidence: number }
  | { type: "bool"; probability: number };

export interface ClassifierResult {
  api: string;
  provider: string;
  model: string;
  answers: Record<string, ClassifierAnswer>;
  /** token counts and their cost at the model's catalogue price, when the service reports them */
  usage?: Usage;
  stopReason: "stop" | "error" | "aborted";
  errorMessage?: string;
  /** pith's error code of a failed call (pi has none) */
  code?: string;
  timestamp: number;
}

/** What a call may carry (pi's `ModelsClassifierOptions`). */
export interface ClassifierOptions {
  signal?: AbortSignal;
  apiKey?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryDelayMs?: number;
  temperature?: number;
  onPayload?: (payload: unknown, model: ClassifierModel) => unknown;
  onResponse?: (response: { status: number; headers: Record<string, string> }, model: ClassifierModel) => unknown;
}

/**
 * One call to a classifier API with its key and headers resolved: it fills `output` (usage first, as a request
 * whose answers turn out malformed was still billed) and throws on failure; the caller makes the error result.
 */
export type ClassifierCall = (model: ClassifierModel, context: ClassifierContext, options: ClassifierOptions & { apiKey: string }, output: ClassifierResult) => Promise<void>;
