// Builds the `streamGenerateContent` body, the same for the Gemini API and Vertex AI.
import type { StreamRequest, ToolSpec } from "../../kernel/index.js";
import { sanitizeText } from "../../lib/provider-kit/index.js";
import { toGoogleContents } from "./google-messages.js";
import { googleThinkingConfig } from "./google-thinking.js";
import type { GoogleFunctionDeclaration, GoogleRequestBody } from "./google-wire.js";

/** Output allowance when the request names none (pi's). */
const DEFAULT_MAX_TOKENS_CAP = 32000;

export interface GoogleRequest {
  body: GoogleRequestBody;
  headers: Record<string, string>;
}

export function buildGoogleRequest(request: StreamRequest): GoogleRequest {
  const { model } = request;
  const body: GoogleRequestBody = { contents: toGoogleContents(request.messages, model) };
  if (request.systemPrompt.trim() !== "") body.systemInstruction = { role: "user", parts: [{ text: sanitizeText(request.systemPrompt) }] };
  if (request.tools.length > 0) body.tools = [{ functionDeclarations: request.tools.map(functionDeclaration) }];
  const generationConfig: NonNullable<GoogleRequestBody["generationConfig"]> = {};
  if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
  const maxTokens = request.maxTokens ?? (model.maxTokens > 0 ? Math.min(model.maxTokens, DEFAULT_MAX_TOKENS_CAP) : undefined);
  if (maxTokens !== undefined) generationConfig.maxOutputTokens = maxTokens;
  const thinkingConfig = googleThinkingConfig(request);
  if (thinkingConfig) generationConfig.thinkingConfig = thinkingConfig;
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  return { body, headers: {} };
}

function functionDeclaration(tool: ToolSpec): GoogleFunctionDeclaration {
  return { name: tool.name, description: tool.description, parametersJsonSchema: constAsEnum(tool.parameters) as Record<string, unknown> };
}

// Keywords whose value maps names to subschemas: their keys are property names, never keywords.
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
// Keywords whose value is data, not a schema.
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** Gemini ignores `const` in a schema but honours `enum`: a string or number `const` becomes a one-value enum. */
function constAsEnum(schema: unknown, isNameMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => constAsEnum(item));
  if (typeof schema !== "object" || schema === null) return schema;
  const result = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      isNameMap ? constAsEnum(value) : DATA_KEYWORDS.has(key) ? value : constAsEnum(value, NAME_MAPS.has(key)),
    ]),
  );
  if (!isNameMap && "const" in result && result.enum === undefined && (typeof result.const === "string" || typeof result.const === "number")) {
    result.enum = [result.const];
    delete result.const;
  }
  return result;
}
