// The scripting vocabulary of the mock LLM server: what a test says the model should answer.

export interface ScriptedToolCall {
  /** default: a generated id unique to the server ("toolu_mock_…" / "call_mock_…") */
  id?: string;
  name: string;
  /** an object is sent as its JSON text; a string is sent verbatim, so it may be malformed JSON */
  arguments: Record<string, unknown> | string;
  /** the arguments text goes in fragments of this many code points; default: about three fragments */
  argumentDeltaLength?: number;
}

export interface ScriptedHttpError {
  status: number;
  /** default: the API's own error JSON, built from `message`, `type` and `code`; a string is sent verbatim */
  body?: unknown;
  headers?: Record<string, string>;
  /** message of the default body */
  message?: string;
  /** error type of the default body, e.g. "overloaded_error"; default: the API's type for `status` */
  type?: string;
  /** OpenAI `error.code` of the default body, e.g. "context_length_exceeded" */
  code?: string;
}

export interface ScriptedStreamError {
  /** Anthropic `error.type`, OpenAI chat `error.type`, Responses `error.code`, Gemini `error.status` */
  type: string;
  message: string;
  /** Responses only: the event that carries the error (default "response.failed") */
  event?: "response.failed" | "error";
}

export interface ScriptedReply {
  /** string[] = the exact deltas to send; string = split into a few deltas */
  text?: string | string[];
  /** string[] = the exact deltas to send; string = split into a few deltas */
  thinking?: string | string[];
  /** Anthropic signature_delta / Responses encrypted_content of the thinking; default: a generated value */
  thinkingSignature?: string;
  /** several per turn allowed */
  toolCalls?: ScriptedToolCall[];
  usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number; cacheWrite1h?: number };
  /** Chat Completions JSON body only: generated images, as OpenRouter's image models answer (`message.images`) */
  images?: Array<{ mimeType: string; data: string }>;
  /** default: "toolUse" when toolCalls, else "stop" */
  stopReason?: "stop" | "length" | "toolUse";
  /** answer with this HTTP error (or, with status 200 and a string body, a web page) instead of a stream */
  error?: ScriptedHttpError;
  /** in-stream error event right after the first content delta; the stream then ends */
  streamError?: ScriptedStreamError;
  /** destroy the socket after N SSE chunks (0 = right after the response head); for a non-stream request,
   * any value drops the connection before the body */
  dropAfterChunks?: number;
  /** send an invalid `data:` line right after the first content delta */
  malformed?: boolean;
  /** Chat Completions: the last chunk carries no finish_reason (servers that never send one) */
  omitFinishReason?: boolean;
  /** pause between chunks (and before a non-stream body) */
  delayMs?: number;
  /**
   * In-process scripts only: a streamed reply sends its first chunk (`holdAfterChunks`), then waits for this promise
   * (or for the client to hang up) before the rest, so that a state that lasts while the reply streams stays until
   * the test moves on.
   */
  holdUntil?: Promise<unknown>;
  /** with `holdUntil`: how many chunks go before the hold (default 1; an Anthropic stream's first delta is its fourth) */
  holdAfterChunks?: number;
  /** model name echoed in the stream; default: the request's `model` */
  model?: string;
}

export interface RecordedRequest {
  api:
    | "anthropic-messages"
    | "openai-completions"
    | "openai-responses"
    | "azure-openai-responses"
    | "openai-codex-responses"
    | "google-generative-ai"
    | "google-vertex"
    | "bedrock-converse-stream"
    | "mistral-conversations"
    | "pi-messages"
    | "typesafe-system-one"
    | "cloudflare-workers-ai-system-one"
    | "openai-decisions";
  /** the request target as received, query string included */
  path: string;
  /** lower-case names; repeated headers joined with ", " */
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** a `response.create` message of the Codex WebSocket transport: the number of the connection it came over (1, 2, …) */
  websocket?: { connection: number };
}

export type Script = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface MockLlm {
  /** "http://127.0.0.1:PORT". Anthropic SDK baseURL = url; OpenAI SDK baseURL = url + "/v1" */
  url: string;
  requests: RecordedRequest[];
  /** each request consumes the next reply, whatever the api */
  enqueue(...replies: Script[]): void;
  pending(): number;
  /** stops listening and destroys open sockets */
  close(): Promise<void>;
}

/** When a request's bytes arrived, before the server parses them (`performance.now()` of the server's process). */
export interface ReceivedRequest {
  method: string;
  /** the request target as received */
  path: string;
  /** the request head arrived: the client started sending */
  startedAt: number;
  /** the last body byte arrived: the client has sent the whole request */
  receivedAt: number;
  bodyBytes: number;
}

export interface MockLlmOptions {
  replies?: Script[];
  /** answers every request once the queue is empty */
  fallback?: ScriptedReply;
  /** default 0: an ephemeral port */
  port?: number;
  /** false: WebSocket upgrades on the Codex route are refused (426), as by a server or proxy without them; default true */
  websocket?: boolean;
  /**
   * Told about every request as soon as its body is complete, before it is parsed or recorded: benchmarks time
   * the client with it (parsing a 100 MB body takes the server longer than the client took to send it).
   */
  onReceived?(received: ReceivedRequest): void;
}

/** Facts an encoder needs beyond the reply; the server fills them from the request. */
export interface EncodeContext {
  /** makes generated ids unique across requests; default 1 */
  sequence?: number;
  /** used when the reply names no model; default "mock-model" */
  model?: string;
  /** Chat Completions: send the final usage chunk (`stream_options.include_usage`); default true */
  includeUsage?: boolean;
}

// The mock server's own error codes: test support, so not in pith's table; declared the way any plugin adds codes.
declare module "../../../kernel/index.js" {
  interface PithErrorCodes {
    MOCK_LLM_BAD_SCRIPT: true;
    MOCK_LLM_BAD_ARGUMENT: true;
  }
}
