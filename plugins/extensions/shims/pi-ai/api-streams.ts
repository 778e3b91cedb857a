// One wire protocol's pi-ai stream functions over pith's provider plugin for it: the model is sent as that API's.
import type { Model } from "../../../../kernel/index.js";
import { stream, type AssistantMessageEventStream, type LlmContext, type LlmStreamOptions } from "./llm.js";
import type { ApiProvider } from "./api-registry.js";

export type ApiStream = (model: Model, context: LlmContext, options?: LlmStreamOptions) => AssistantMessageEventStream;

export const through = (api: string): ApiStream => (model, context, options) => stream({ ...model, api }, context, options);
export const apiProvider = (api: string): ApiProvider => ({ api, stream: through(api), streamSimple: through(api) });
