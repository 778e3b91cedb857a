// `@mariozechner/pi-agent-core` (and `@earendil-works/pi-agent-core`): extensions import its types, which are
// erased at load; the few values they use are here.
export { convertToLlm } from "../../../kernel/convert-to-llm.js";
export { clampThinkingLevel } from "../../../kernel/thinking.js";
export { THINKING_LEVELS } from "../../../kernel/model.js";
