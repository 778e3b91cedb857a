// `@earendil-works/pi-ai/models` (and `@mariozechner/pi-ai/models`) as pi 1.6.0 serves it: model kinds, costs and
// thinking levels, `createProvider`, and the `Models` collection factory.
export { clampThinkingLevel, supportedThinkingLevels as getSupportedThinkingLevels } from "../../../../lib/provider-kit/thinking-levels.js";
export { AI_TELEMETRY_SCHEMA, calculateCost, getModelType, hasApi, isModelType, modelsAreEqual } from "./pi-ai-utils.js";
export { ModelsError } from "./pi-ai-json.js";
export { createModels } from "./models-collection.js";
export { createProvider } from "./create-provider.js";
