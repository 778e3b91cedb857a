// Builds the SDK's `generateContentStream` parameters, the same for the Gemini API and Vertex AI (what `onPayload`
// sees, as in pi): the contents, and a config the SDK spreads into the request's `systemInstruction`, `tools` and
// `generationConfig`.
import type { StreamRequest, ToolSpec } from "../../kernel/index.js";
import { sanitizeText } from "../../lib/provider-kit/index.js";
import { strictJsonSchema } from "../../lib/json-schema/strict-schema.js";
import { toGoogleContents } from "./google-messages.js";
import { googleThinkingConfig } from "./google-thinking.js";
import type { GoogleFunctionDeclaration, GoogleParams } from "./google-wire.js";
import { outputTokenCap } from "../../lib/provider-kit/output-room.js";


export function buildGoogleParams(request: StreamRequest): GoogleParams {
  const { model } = request;
  // A CONTINUATION finish ends the turn as "length"; the SDK would otherwise send follow-up requests of its own.
  const config: GoogleParams["config"] = { automaticContinuation: false };
  if (request.systemPrompt.trim() !== "") config.systemInstruction = sanitizeText(request.systemPrompt);
  if (request.tools.length > 0) {
    // Gemini 3 and later validate calls against strict schemas, for the tools that ask for it (pi's read, edit, bash, write).
    const strictSchemas = geminiMajorVersion(model.id) >= 3 ? request.tools.map(strictParameters) : [];
    config.tools = [{ functionDeclarations: request.tools.map((tool, index) => functionDeclaration(tool, strictSchemas[index])) }];
    if (strictSchemas.some((schema) => schema !== undefined)) config.toolConfig = { functionCallingConfig: { mode: "VALIDATED" } };
  }
  if (request.temperature !== undefined) config.temperature = request.temperature;
  const maxTokens = outputTokenCap(request);
  if (maxTokens !== undefined) config.maxOutputTokens = maxTokens;
  const thinkingConfig = googleThinkingConfig(request);
  if (thinkingConfig) config.thinkingConfig = thinkingConfig;
  return { model: model.id, contents: toGoogleContents(request.messages, model), config };
}

function functionDeclaration(tool: ToolSpec, strict: Record<string, unknown> | undefined): GoogleFunctionDeclaration {
  return { name: tool.name, description: tool.description, parametersJsonSchema: constAsEnum(strict ?? tool.parameters) as Record<string, unknown> };
}

/** `gemini-3-pro` → 3; 0 for other models (`gemma-…`, `claude-…` on Vertex). */
function geminiMajorVersion(id: string): number {
  return Number(/^gemini(?:-live)?-(\d+)/i.exec(id)?.[1] ?? 0);
}

function strictParameters(tool: ToolSpec): Record<string, unknown> | undefined {
  return tool.constrainedSampling?.type === "json_schema" ? strictJsonSchema(tool.parameters) : undefined;
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
