// A mock model server shared by one test file, and the request body a provider sent to it; for the side-by-side tests
// (pi16-*), pith's requests sent case by case and the mock server's requests sorted by case.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { StreamRequest, AssistantMessageEvent } from "../../../kernel/provider.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../../support/mock-llm/index.js";
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

/** One request pith's side of a side-by-side test sends: through `stream`, named `label` when it fails. */
export interface PithCase {
  label: string;
  stream: (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>;
  request: Omit<StreamRequest, "signal">;
}

/** Each case in turn, tagged `x-case: <index>`; none may fail. Their requests go into `into`, by case. */
export async function sendThroughPith(mock: MockLlm, into: Map<number, RecordedRequest>, cases: readonly PithCase[]): Promise<void> {
  for (const [index, { label, stream, request }] of cases.entries()) {
    const reply = finalMessage(await collect(stream({ ...request, headers: { ...request.headers, "x-case": String(index) }, signal: AbortSignal.timeout(60_000) })));
    expect(reply.errorMessage, label).toBeUndefined();
  }
  takeRequestsByCase(mock, into);
}

/** Moves the mock server's requests so far into `into`, by their `x-case` header. */
export function takeRequestsByCase(mock: MockLlm, into: Map<number, RecordedRequest>): void {
  for (const request of mock.requests) into.set(Number(request.headers["x-case"]), request);
  mock.requests.length = 0;
}

/** With SIDE_BY_SIDE_DUMP=<file>, what each side sent per case, for a person to compare. */
export async function dumpSideBySide(rows: () => unknown[]): Promise<void> {
  if (!process.env.SIDE_BY_SIDE_DUMP) return;
  const { writeFileSync } = await import("node:fs");
  writeFileSync(process.env.SIDE_BY_SIDE_DUMP, JSON.stringify(rows()));
}
