// What the side-by-side tests of pi 1.6.0's transcript share: a conversation in pi's transcript form (system messages
// among the turns) sent by pi-ai's streamSimple under Node 22, and the same conversation as pith's kernel hands it
// to a provider (the turns, with the system messages placed beside them, and the prompt and tools of the moment).
import { expect } from "vitest";
import type { Message, Model, StreamRequest, SystemMessage, ToolSpec } from "../../../kernel/index.js";
import { builtInModelsOf } from "../../../plugins/models/catalogue.js";
import type { RecordedRequest } from "../../support/mock-llm/index.js";
import { runOnNode22 } from "../../support/pi-node22.js";

export interface PiTranscriptCase {
  index: number;
  provider: string;
  id: string;
  /** compat fields over the catalogue's */
  compat: Record<string, unknown>;
  /** `compat` instead of the catalogue's, so the rest is detected from the provider and host */
  ownCompat?: boolean;
  baseUrl: string;
  apiKey: string;
  messages: (Message | SystemMessage)[];
}

/** Each case through pi's streamSimple at thinking level high, with an `x-case` header; none may fail. */
export async function sendTranscriptsThroughPi(cases: PiTranscriptCase[]): Promise<void> {
  const output = await runOnNode22(
    `const { getModel, streamSimple } = await import("@earendil-works/pi-ai/compat");
     const results = [];
     for (const c of ${JSON.stringify(cases)}) {
       const base = getModel(c.provider, c.id);
       const model = { ...base, baseUrl: c.baseUrl, compat: c.ownCompat ? c.compat : { ...base.compat, ...c.compat } };
       const options = { apiKey: c.apiKey, headers: { "x-case": String(c.index) }, reasoning: "high" };
       const message = await streamSimple(model, { messages: c.messages }, options).result();
       results.push(message.errorMessage ?? null);
     }
     process.stdout.write(JSON.stringify(results));`,
    { env: { PI_OFFLINE: "1" }, timeoutMs: 120_000 },
  );
  expect((JSON.parse(output) as Array<string | null>).filter((error) => error !== null)).toEqual([]);
}

/** The request fields of a conversation as the kernel places it: its turns, system messages and current state. */
export function placedAsKernel(
  transcript: readonly (Message | SystemMessage)[],
  current: { sections: Record<string, string>; tools: ToolSpec[] },
): Pick<StreamRequest, "systemPrompt" | "systemPromptSections" | "messages" | "systemMessages" | "tools"> {
  const messages: Message[] = [];
  const systemMessages: NonNullable<StreamRequest["systemMessages"]> = [];
  for (const message of transcript) {
    if (message.role === "system") systemMessages.push({ before: messages.length, message });
    else messages.push(message);
  }
  return { systemPrompt: Object.values(current.sections).join("\n\n"), systemPromptSections: current.sections, messages, systemMessages, tools: current.tools };
}

/** A catalogue model sent to the mock server, with compat fields over the catalogue's (or instead of them). */
export function catalogueModel(provider: string, id: string, baseUrl: (model: Model) => string, compat: Record<string, unknown> = {}, ownCompat = false): Model {
  const model = builtInModelsOf(provider).find((candidate) => candidate.id === id)!;
  return { ...model, baseUrl: baseUrl(model), compat: ownCompat ? compat : { ...model.compat, ...compat } };
}

/** Moves the recorded requests into `into`, by their `x-case` header. */
export function takeByCase(requests: RecordedRequest[], into: Map<number, RecordedRequest>): void {
  for (const request of requests) into.set(Number(request.headers["x-case"]), request);
  requests.length = 0;
}
