// pi-ai's image-generation call shapes (`ImagesContext`, `ImagesOptions`, `AssistantImages`), as extensions pass
// and read them.
import type { Usage } from "../../../kernel/index.js";

export type ImageBlock = { type: "image"; data: string; mimeType: string };
export type ImagesContent = { type: "text"; text: string } | ImageBlock;

export interface ImagesContext {
  /** the prompt, and images to edit or use as references */
  input: ImagesContent[];
}

export interface ImagesOptions {
  signal?: AbortSignal;
  /** used instead of the provider's resolved key */
  apiKey?: string;
  /** over the provider's and model's headers; `null` removes one */
  headers?: Record<string, string | null>;
  timeoutMs?: number;
  /** transient failures sent again this many times (none unless set) */
  maxRetries?: number;
  /** the longest wait a server may ask for before a retry (60 s unless set; 0: no limit) */
  maxRetryDelayMs?: number;
  /** may return a replacement body */
  onPayload?: (body: unknown, model: unknown) => unknown;
  onResponse?: (response: { status: number; headers: Record<string, string> }, model: unknown) => unknown;
}

export interface AssistantImages {
  api: string;
  provider: string;
  model: string;
  output: ImagesContent[];
  responseId?: string;
  usage?: Usage;
  stopReason: "stop" | "error" | "aborted";
  errorMessage?: string;
  /** pith's error code (lib/errors/error-codes.ts) when `stopReason` is not "stop"; pi sets none */
  code?: string;
  timestamp: number;
}
