// A mock model server shared by one test file, and the request body a provider sent to it.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { StreamRequest, AssistantMessageEvent } from "../../../kernel/provider.js";
import { startMockLlm, type MockLlm } from "../../support/mock-llm/index.js";
import { collect, finalMessage } from "./models.js";

/** Starts one server for the file (answering "ok" by default) and clears its recorded requests before each test. */
export function useSharedMock(receive: (mock: MockLlm) => void): void {
  let mock: MockLlm;
  beforeAll(async () => {
    mock = await startMockLlm({ fallback: { text: "ok" } });
    receive(mock);
  });
  afterAll(async () => {
    await mock.close();
  });
  beforeEach(() => {
    mock.requests.length = 0;
  });
}

/** Runs one request through a provider's stream and returns the body the server received. */
export async function sentBody(
  mock: MockLlm,
  stream: (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>,
  request: StreamRequest,
): Promise<Record<string, unknown>> {
  const message = finalMessage(await collect(stream(request)));
  expect(message.errorMessage).toBeUndefined();
  const recorded = mock.requests[mock.requests.length - 1];
  if (!recorded) throw new Error("no request reached the mock server");
  return recorded.body;
}
