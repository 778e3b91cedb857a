// One Azure OpenAI call ("azure-openai-responses"): the Responses API body, sent by the SDK's AzureOpenAI client
// (the `api-key` header, `?api-version=`) to the endpoint and deployment azure-config.ts resolves.
import type { AzureOpenAI } from "openai";
import type { Stream } from "openai/core/streaming";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEvent, StreamRequest } from "../../../kernel/index.js";
import { ClientCache, clientIdentityHeaders, guardProviderStream, mergeHeaders, sdkAttempt, sdkClientOptions } from "../../../lib/provider-kit/index.js";
import { azureTarget } from "./azure-config.js";
import { readResponsesEvents } from "../responses/responses-events.js";
import { AZURE_RESPONSES_DIALECT, buildResponsesRequest } from "../responses/responses-request.js";
import { postResponses } from "../responses/responses-stream.js";

let sdk: Promise<typeof import("openai")> | undefined;
const clients = new ClientCache<AzureOpenAI>();

async function azureClient(request: StreamRequest, baseUrl: string, apiVersion: string): Promise<AzureOpenAI> {
  const { AzureOpenAI: AzureClient } = await (sdk ??= import("openai"));
  const headers = mergeHeaders(clientIdentityHeaders(request), request.model.headers, request.headers);
  const identity = { baseUrl: `${baseUrl}?api-version=${apiVersion}`, apiKey: request.apiKey, headers };
  return clients.get(identity, () => new AzureClient({ ...sdkClientOptions(request, headers), baseURL: baseUrl, apiVersion }));
}

const attempt = sdkAttempt<ResponseCreateParamsStreaming, Stream<ResponseStreamEvent>>({
  build(request) {
    const built = buildResponsesRequest(request, AZURE_RESPONSES_DIALECT);
    built.body.model = azureTarget(request.model).deployment;
    return built;
  },
  async send(request, body, options, streamed) {
    const { baseUrl, apiVersion } = azureTarget(request.model);
    return postResponses(await azureClient(request, baseUrl, apiVersion), body, options, streamed);
  },
  read: readResponsesEvents,
});

export function streamAzureOpenAIResponses(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}
