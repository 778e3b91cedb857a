// The ConverseStream request body as the REST JSON protocol carries it (blobs are base64 strings): what pith
// builds and `onPayload` sees; bedrock-stream.ts hands it to the SDK.

export interface CachePoint {
  cachePoint: { type: "default"; ttl?: "1h" };
}

export type BedrockImage = { image: { format: "png" | "jpeg" | "gif" | "webp"; source: { bytes: string } } };

export type BedrockContentBlock =
  | { text: string }
  | BedrockImage
  | { toolUse: { toolUseId: string; name: string; input: unknown } }
  | { toolResult: { toolUseId: string; content: ({ text: string } | BedrockImage)[]; status: "success" | "error" } }
  | { reasoningContent: { reasoningText: { text: string; signature?: string } } | { redactedContent: string } }
  | CachePoint;

export interface BedrockMessage {
  role: "user" | "assistant";
  content: BedrockContentBlock[];
}

export interface BedrockRequestBody {
  messages: BedrockMessage[];
  system?: ({ text: string } | CachePoint)[];
  inferenceConfig: { maxTokens?: number; temperature?: number };
  toolConfig?: { tools: { toolSpec: { name: string; description: string; inputSchema: { json: Record<string, unknown> } } }[] };
  additionalModelRequestFields?: Record<string, unknown>;
}
