// The usage pi-ai gives a reply that used nothing: scripted replies and failed requests carry it. pith's own
// `emptyUsage()` has fields pi-ai's has not, which an extension comparing with pi's figures would see.
import type { AssistantMessage } from "../../../../kernel/index.js";

export const zeroUsage = (): AssistantMessage["usage"] => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});
