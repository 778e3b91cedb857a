// The same conversation sent by pi 1.6.0 (pi-ai's streamSimple under Node 22, its own catalogue) and by pith (the
// provider plugins, pith's catalogue) to the mock server, for a spread of catalogue models over every API pith
// speaks: the request bodies and headers must be equal once what must differ is taken out (the client library's
// identity, signatures, dates). What pi 1.6.0 sends that pith does not yet is taken out of pi's side by
// withoutKnownDifferences, each with its reason; docs/compatibility.md lists the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, StreamRequest } from "../../kernel/index.js";
import { builtInModelsOf } from "../../plugins/models/catalogue.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { streamBedrock } from "../../plugins/provider-bedrock/index.js";
import { streamGoogleGenerativeAi, streamGoogleVertex } from "../../plugins/provider-google/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamAzureOpenAIResponses, streamOpenAICodexResponses, streamOpenAICompletions, streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import { streamPiMessages } from "../../plugins/provider-pi-messages/index.js";
import { startMockLlm, type MockLlm, type RecordedRequest } from "../support/mock-llm/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { runOnNode22 } from "../support/pi-node22.js";
import { dumpSideBySide, sendThroughPith, takeRequestsByCase, type PithCase } from "./support/request-bodies.js";
import { mockBaseUrl, sideBySideCases, sideBySideConversation, type SideBySideCase } from "./support/side-by-side.js";

const STREAMS: Record<string, (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>> = {
  "anthropic-messages": streamAnthropic,
  "openai-completions": streamOpenAICompletions,
  "openai-responses": streamOpenAIResponses,
  "azure-openai-responses": streamAzureOpenAIResponses,
  "openai-codex-responses": streamOpenAICodexResponses,
  "google-generative-ai": streamGoogleGenerativeAi,
  "google-vertex": streamGoogleVertex,
  "bedrock-converse-stream": streamBedrock,
  "mistral-conversations": streamMistral,
  "pi-messages": streamPiMessages,
};

const AWS = { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", AWS_REGION: "us-east-1", AWS_EC2_METADATA_DISABLED: "true" };
const CODEX_TOKEN = codexAccessToken(7, "acct-42");
const SESSION = "sess-side-by-side";

/**
 * Headers that must differ: the client library's identity, the transport's (Node's fetch adds accept-language and
 * sec-fetch-mode, pith's node:http client does not), AWS signatures and dates, the test's own case number.
 */
const VOLATILE_HEADERS =
  /^(user-agent|x-stainless-.*|content-length|host|connection|accept-encoding|accept-language|sec-fetch-mode|amz-sdk-.*|x-amz-date|x-amz-content-sha256|x-amz-user-agent|x-goog-api-client|x-case)$/;

const apiKeyFor = (target: SideBySideCase) => (target.api === "openai-codex-responses" ? CODEX_TOKEN : target.api === "bedrock-converse-stream" ? "<authenticated>" : "test-key");

let mock: MockLlm;
const cases = sideBySideCases();
const pi = new Map<number, RecordedRequest>();
const pith = new Map<number, RecordedRequest>();
const saved: Record<string, string | undefined> = {};

async function sendThroughPi(): Promise<void> {
  // Bedrock signs with the AWS credential chain: pi takes a key given here for a Bedrock API key (a Bearer token)
  const piKey = (target: SideBySideCase) => (target.api === "bedrock-converse-stream" ? undefined : apiKeyFor(target));
  const payload = cases.map((target, index) => ({ ...target, index, baseUrl: mockBaseUrl(target.api, mock.url), apiKey: piKey(target), ...sideBySideConversation(target) }));
  const output = await runOnNode22(
    // The mock server runs on Node 20, which cannot read the zstd bodies pi sends Codex on a Node that has zstd:
    // pi falls back to plain JSON without it, as pith does (see docs/compatibility.md).
    `const builtin = process.getBuiltinModule;
     process.getBuiltinModule = (name) => (name === "node:zlib" ? { ...builtin(name), zstdCompressSync: undefined } : builtin(name));
     const { getModel, streamSimple } = await import("@earendil-works/pi-ai/compat");
     const cases = ${JSON.stringify(payload)};
     const results = [];
     for (const c of cases) {
       const model = { ...getModel(c.provider, c.id), baseUrl: c.baseUrl };
       const context = { systemPrompt: c.systemPrompt, messages: c.messages, tools: c.tools };
       const options = { apiKey: c.apiKey, sessionId: ${JSON.stringify(SESSION)}, headers: { "x-case": String(c.index) }, transport: "sse" };
       if (c.level !== "off") options.reasoning = c.level;
       const message = await streamSimple(model, context, options).result();
       results.push(message.errorMessage ?? null);
     }
     process.stdout.write(JSON.stringify(results));`,
    { env: { ...AWS, AWS_BEDROCK_FORCE_HTTP1: "1", PI_OFFLINE: "1" }, timeoutMs: 240_000 },
  );
  const errors = (JSON.parse(output) as Array<string | null>).flatMap((error, index) => (error ? [`${cases[index]!.provider}/${cases[index]!.id}: ${error}`] : []));
  expect(errors).toEqual([]);
  takeRequestsByCase(mock, pi);
}

function pithCase(target: SideBySideCase): PithCase {
  const model = builtInModelsOf(target.provider).find((candidate) => candidate.id === target.id)!;
  const conversation = sideBySideConversation(target);
  // the prompt and tools recorded in the conversation, placed as the kernel places them (pi's transcript form)
  const sections = { prompt: conversation.systemPrompt };
  const request = {
    model: { ...model, baseUrl: mockBaseUrl(target.api, mock.url) },
    ...conversation,
    systemMessages: [{ before: 0, message: { role: "system" as const, content: "", sections, toolsAdded: conversation.tools, timestamp: 0 } }],
    systemPromptSections: sections,
    thinkingLevel: target.level,
    apiKey: apiKeyFor(target),
    sessionId: SESSION,
    transport: "sse",
  };
  return { label: `${target.provider}/${target.id}`, stream: STREAMS[target.api]!, request };
}

type Comparable = { path: string; headers: Record<string, string>; body: Record<string, unknown> };

function comparable(request: RecordedRequest | undefined): Comparable | undefined {
  if (!request) return undefined;
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name, value]) => !VOLATILE_HEADERS.test(name) && !(name === "authorization" && value.startsWith("AWS4-"))),
  );
  return structuredClone({ path: request.path, headers, body: request.body });
}

/** pi's request without what pith knowingly does not send (docs/compatibility.md, "Provider requests"). */
function withoutKnownDifferences(target: SideBySideCase, request: Comparable | undefined): Comparable | undefined {
  if (!request) return undefined;
  const { headers } = request;
  if (target.api === "anthropic-messages") {
    // pi's SDK client is the browser-capable beta one: a flag header and `?beta=true` on the path
    delete headers["anthropic-dangerous-direct-browser-access"];
    request.path = request.path.replace("?beta=true", "");
  }
  if (target.api === "pi-messages") {
    // pi 1.6.0 sends the system prompt and tools as a leading system message of its transcript form
    return undefined;
  }
  return request;
}

beforeAll(async () => {
  mock = await startMockLlm({ fallback: { text: "ok" } });
  for (const [name, value] of Object.entries(AWS)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  await sendThroughPi();
  await sendThroughPith(mock, pith, cases.map(pithCase));
  await dumpSideBySide(() => cases.map((target, index) => ({ target, pi: comparable(pi.get(index)), pith: comparable(pith.get(index)) })));
}, 300_000);

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await mock?.close();
});

describe("the request pith sends is the one pi 1.6.0 sends", () => {
  it("covers every API pith speaks", () => {
    expect(new Set(cases.map((target) => target.api))).toEqual(new Set(Object.keys(STREAMS)));
  });

  it.each(cases.map((target, index) => [`${target.provider}/${target.id} (${target.api}, ${target.level})`, index] as const))("%s", (_label, index) => {
    const target = cases[index]!;
    const piRequest = comparable(pi.get(index));
    const pithRequest = comparable(pith.get(index));
    expect(pithRequest).toBeDefined();
    expect(piRequest).toBeDefined();
    const expected = withoutKnownDifferences(target, piRequest);
    // a request in a form pith does not send (listed above) is compared on its path and headers only
    if (expected === undefined) expect({ path: pithRequest!.path, headers: pithRequest!.headers }).toEqual({ path: piRequest!.path, headers: piRequest!.headers });
    else expect(pithRequest).toEqual(expected);
  });
});
