// `@earendil-works/pi-ai/models` (and `@mariozechner/pi-ai/models`) as pi 1.6.0 serves it: model kinds, costs and
// thinking levels. Its `Models` collection factories belong to pi-ai's runtime (./pi-ai-runtime-only.ts).
export { clampThinkingLevel, supportedThinkingLevels as getSupportedThinkingLevels } from "../../../../lib/provider-kit/thinking-levels.js";
export { AI_TELEMETRY_SCHEMA, calculateCost, getModelType, hasApi, isModelType, modelsAreEqual } from "./pi-ai-utils.js";
export { ModelsError } from "./pi-ai-json.js";
export { createModels, createProvider } from "./pi-ai-runtime-only.js";
