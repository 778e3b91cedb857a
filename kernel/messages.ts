// Message shapes shared by the loop, providers, tools and session files.
// They match pi-ai / pi-agent-core field for field, so pi's session files and clients read them unchanged.

export interface TextContent {
  type: "text";
  text: string;
  textSignature?: string;
}

export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  thinkingSignature?: string;
  redacted?: boolean;
}

export interface ImageContent {
  type: "image";
  /** base64 */
  data: string;
  mimeType: string;
}

export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  thoughtSignature?: string;
}

export interface UsageCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
  totalFromProvider?: boolean; // the provider reported the cost itself (pi 1.6.0)
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: UsageCost;
  cacheWrite1h?: number; // part of cacheWrite: written to a one-hour cache (pi 1.6.0)
  reasoning?: number; // part of output, where the provider reports it
}

/** `pending` marks a reply still streaming (pi 1.6.0); it is never stored. */
export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted" | "pending" | "deferred";

/** pi 0.73 diagnostics entry; pith stores provider error facts (status, retry-after) in `details`. */
export interface AssistantMessageDiagnostic {
  type: string;
  timestamp: number;
  error?: { name?: string; message: string; stack?: string; code?: string };
  details?: Record<string, unknown>;
}

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: string;
  provider: string;
  model: string;
  responseModel?: string;
  responseId?: string;
  diagnostics?: AssistantMessageDiagnostic[];
  usage: Usage;
  stopReason: StopReason;
  rawStopReason?: string; // the provider's own word (`end_turn`, `tool_calls`, ...)
  errorMessage?: string;
  timestamp: number;
  durationMs?: number; // from the request to the reply's last event
  thinkingLevel?: string; // what the request asked for
  providerThinkingLevel?: string; // the provider's own effort value the reply was asked at, where later requests replay it
}

export interface ToolResultMessage<TDetails = unknown> {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  usage?: Usage; // what the tool's own model calls cost
  isError: boolean;
  durationMs?: number; // how long the tool ran
  timestamp: number;
}

/** What providers understand. */
export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** A tool as the model sees it: name, description and JSON Schema parameters. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** pi's constrained sampling: "prefer" = a strict schema where the model supports one, "require" = fail without */
  constrainedSampling?: { type: "json_schema"; strict?: "prefer" | "require" };
}

/**
 * The prompt and tools as the conversation declares them (pi-ai 1.6.0's system message): the first declares its
 * named sections and the tools whole, later ones patch sections by name (`null` removes one) and add or remove
 * tools. Providers get them beside the turns (`StreamRequest.systemMessages`), never as turns.
 */
export interface SystemMessage {
  role: "system";
  /** opaque prompt text (a forced prompt); pith's own prompt lives in `sections` and leaves this empty */
  content: string | TextContent[];
  sections?: Record<string, string | null>;
  toolsAdded?: ToolSpec[];
  toolsRemoved?: { name: string }[];
  timestamp: number;
}

/** A message an extension or plugin injects; sent to the model as a user message. */
export interface CustomMessage<TDetails = unknown> {
  role: "custom";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: TDetails;
  timestamp: number;
}

/**
 * Plugins add message roles by declaration merging:
 * `declare module "pith/kernel" { interface CustomAgentMessages { myRole: MyMessage } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface CustomAgentMessages {}

export type AgentMessage =
  | Message
  | SystemMessage
  | CustomMessage
  | CustomAgentMessages[keyof CustomAgentMessages];

export function emptyUsage(): Usage {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0, totalFromProvider: false },
    cacheWrite1h: 0,
  };
}

/**
 * A reply that failed: what streamed of it so far (`partial`), else an empty reply of `origin` (the model asked),
 * with the failure's reason and message.
 */
export function failedReply(reason: "error" | "aborted", message: string, partial: AssistantMessage | undefined, origin?: { api: string; provider: string; id: string }): AssistantMessage {
  return {
    role: "assistant",
    content: partial?.content ?? [],
    api: partial?.api ?? origin?.api ?? "unknown",
    provider: partial?.provider ?? origin?.provider ?? "unknown",
    model: partial?.model ?? origin?.id ?? "unknown",
    usage: partial?.usage ?? emptyUsage(),
    stopReason: reason,
    errorMessage: message,
    timestamp: partial?.timestamp ?? Date.now(),
  };
}

export function isAssistantMessage(message: AgentMessage): message is AssistantMessage {
  return (message as { role?: string }).role === "assistant";
}

/** Text blocks of a message joined; images and tool calls are skipped. */
export function messageText(message: AgentMessage): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is TextContent => (block as { type?: string }).type === "text")
    .map((block) => block.text)
    .join("");
}
