// The parts of a Gemini `streamGenerateContent` request and response pith uses: the REST shapes, which the SDK's
// types spell the same way (the same for the Gemini API and Vertex AI).

export interface GooglePart {
  text?: string;
  /** the part is a thought summary */
  thought?: boolean;
  /** opaque, base64: the model's reasoning state, to be sent back on the same part */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  functionResponse?: {
    name: string;
    response: { output: string } | { error: string };
    parts?: { inlineData: { mimeType: string; data: string } }[];
    id?: string;
  };
}

export interface GoogleContent {
  role: "user" | "model";
  parts: GooglePart[];
}

export interface GoogleFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: Record<string, unknown>;
}

export type GoogleThinkingConfig =
  | { includeThoughts?: boolean; thinkingBudget: number }
  | { includeThoughts?: boolean; thinkingLevel: "MINIMAL" | "LOW" | "MEDIUM" | "HIGH" };

/** `generateContentStream`'s parameters; the SDK moves the config's members to where the REST body has them. */
export interface GoogleParams {
  model: string;
  contents: GoogleContent[];
  config: {
    systemInstruction?: string;
    tools?: { functionDeclarations: GoogleFunctionDeclaration[] }[];
    /** VALIDATED: calls must match their (strict) schemas (Gemini 3 and later) */
    toolConfig?: { functionCallingConfig: { mode: "VALIDATED" } };
    temperature?: number;
    maxOutputTokens?: number;
    thinkingConfig?: GoogleThinkingConfig;
    automaticContinuation?: boolean;
  };
}

export interface GoogleUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
  totalTokenCount?: number;
}

/** One streamed chunk (a `GenerateContentResponse`). */
export interface GoogleStreamChunk {
  candidates?: { content?: { role?: string; parts?: GooglePart[] }; finishReason?: string; finishMessage?: string }[];
  usageMetadata?: GoogleUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  promptFeedback?: { blockReason?: string };
}

/** An error the server sent inside the stream. */
export interface GoogleStreamError {
  code?: number;
  message?: string;
  status?: string;
}
