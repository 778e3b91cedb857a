// A resumed session's first request must be what the fully parsed file gives, for every provider API: the reader
// leaves lines unparsed until read (big lines, lines off a compacted context), big lines of a big file in the file,
// and sends unread tool output as its stored bytes. Generated sessions mix tools, images, thinking, compactions,
// branches, unicode, escapes, lone surrogates and huge lines; each is resumed the way pith does and the request the
// mock server receives is compared with the one built from every line parsed at once.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage, AssistantMessageEvent, Message, Model, StreamRequest } from "../../kernel/index.js";
import { convertToLlm } from "../../lib/transcript/convert-to-llm.js";
import { streamAnthropic } from "../../plugins/provider-anthropic/index.js";
import { streamGoogleGenerativeAi } from "../../plugins/provider-google/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamOpenAICompletions, streamOpenAIResponses } from "../../plugins/provider-openai/index.js";
import { JsonlSessionStore, SessionManager, buildSessionContext, parseJsonlBuffer, type SessionEntry } from "../../plugins/sessions/index.js";
import { loadSessionRecords } from "../../plugins/sessions/reading/load-entries.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { PIXEL_PNG, READ_TOOL, streamRequest, testModel } from "../providers/support/models.js";
import { sentBody, useSharedMock } from "../providers/support/request-bodies.js";
import { seededRandom, tempDir } from "./helpers.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

const PIECES = ['"quoted"', "back\\slash", '],"', "]}}", '{"type":"text"', "\u00e9t\u00e9 \u20ac", "\ud83d\ude00", "\u2028", "tab\there", "line\nbreak", '\\"', "plain words ", "\u0000\u001f"];
const LONE_SURROGATES = ["\ud800", "\udfff", "x\udc00y"];

interface Provider {
  api: string;
  model: (url: string) => Model;
  stream: (request: StreamRequest) => AsyncIterable<AssistantMessageEvent>;
}

// the messages below come from an Anthropic model, so that one provider also gets its own signed thinking back
const PROVIDERS: Provider[] = [
  { api: "anthropic-messages", model: (url) => testModel("anthropic-messages", url, { id: "claude-resumed" }), stream: streamAnthropic },
  { api: "openai-completions", model: (url) => testModel("openai-completions", url), stream: streamOpenAICompletions },
  { api: "openai-responses", model: (url) => testModel("openai-responses", url), stream: streamOpenAIResponses },
  {
    api: "google-generative-ai",
    model: (url) => testModel("openai-responses", url, { api: "google-generative-ai", provider: "google", id: "gemini-2.5-flash", baseUrl: `${url}/v1beta` }),
    stream: streamGoogleGenerativeAi,
  },
  {
    api: "mistral-conversations",
    model: (url) => testModel("openai-completions", url, { api: "mistral-conversations", provider: "mistral", id: "mistral-small-latest", baseUrl: `${url}/mistral` }),
    stream: streamMistral,
  },
];

interface Shape {
  turns: number;
  /** the provider APIs to send it to (default all) */
  apis?: string[];
  /** tool outputs of at least this many characters now and then (lines left unparsed, in the file, or scanned) */
  bigOutput: number;
  compactions: boolean;
}

/** Writes a session of `shape` the way pith does and returns its file. */
function writeSession(seed: number, shape: Shape): string {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const text = (size: number): string => {
    let out = "";
    while (out.length < size) out += pick(PIECES);
    return next() < 0.08 ? `${out}${pick(LONE_SURROGATES)}` : out;
  };
  const size = () => (next() < 0.2 ? shape.bigOutput + Math.floor(next() * 2000) : Math.floor(next() * 600));
  const assistant = (content: AssistantMessage["content"], extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: next() < 0.7 ? "anthropic" : "openai",
    model: "claude-resumed",
    usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
    timestamp: 2,
    ...extra,
  });

  const dir = tempDir();
  const manager = SessionManager.create(new JsonlSessionStore({ agentDir: dir, sessionDir: dir }), "/p");
  let branchPoint: string | undefined;
  for (let turn = 0; turn < shape.turns; turn++) {
    const kind = Math.floor(next() * 6);
    const userId = manager.appendMessage({
      role: "user",
      content: kind === 0 ? [{ type: "text", text: text(40) }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }] : text(30 + Math.floor(next() * 200)),
      timestamp: 1,
    } as AgentMessage);
    if (turn === 3) branchPoint = userId;
    const thinking: AssistantMessage["content"] = [];
    if (kind === 1) thinking.push({ type: "thinking", thinking: text(80), thinkingSignature: "c2lnbmVk" });
    if (kind === 2) thinking.push({ type: "thinking", thinking: "", thinkingSignature: "cmVkYWN0ZWQ=", redacted: true });
    if (kind === 3) thinking.push({ type: "thinking", thinking: text(50) });
    const calls = 1 + Math.floor(next() * 2);
    const ids = Array.from({ length: calls }, (_, call) => `call_${seed}_${turn}_${call}`);
    manager.appendMessage(
      assistant([
        ...thinking,
        { type: "text", text: next() < 0.2 ? "  " : text(60) },
        ...ids.map((id) => ({ type: "toolCall" as const, id, name: "read", arguments: { path: text(12), depth: turn } })),
      ]),
    );
    for (const id of ids) {
      const content: Extract<Message, { role: "toolResult" }>["content"] =
        kind === 4
          ? [{ type: "text", text: text(size()) }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]
          : kind === 5 && next() < 0.5
            ? [{ type: "text", text: text(size()) }, { type: "text", text: text(30) }]
            : [{ type: "text", text: next() < 0.05 ? "" : text(size()) }];
      manager.appendMessage({ role: "toolResult", toolCallId: id, toolName: "read", content, isError: next() < 0.1, timestamp: 3 } as AgentMessage);
    }
    if (kind === 5) manager.appendMessage(assistant([{ type: "text", text: text(40) }], { stopReason: "error", errorMessage: "cut off" }));
    if (next() < 0.1) manager.appendCustomMessage("note", text(50), true);
    if (shape.compactions && turn > 0 && turn % 7 === 0) manager.appendCompaction(`Summary up to ${turn}: ${text(40)}`, userId, 1000);
  }
  // a branch: back to an early turn, a summary of the one left, and a few turns more
  if (branchPoint) manager.appendBranchSummary(branchPoint, `Left behind: ${text(30)}`);
  // and in every file: a big output, one with a lone surrogate, one with an image
  const last: Extract<Message, { role: "toolResult" }>["content"][] = [
    [{ type: "text", text: text(shape.bigOutput) }],
    [{ type: "text", text: `${text(5000)}\ud800` }],
    [{ type: "text", text: text(5000) }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }],
  ];
  manager.appendMessage({ role: "user", content: `continue ${text(20)}`, timestamp: 4 } as AgentMessage);
  manager.appendMessage(assistant(last.map((_, call) => ({ type: "toolCall" as const, id: `call_${seed}_last_${call}`, name: "read", arguments: { path: "\u00e9" } }))));
  last.forEach((content, call) => {
    manager.appendMessage({ role: "toolResult", toolCallId: `call_${seed}_last_${call}`, toolName: "read", content, isError: false, timestamp: 5 } as AgentMessage);
  });
  manager.appendMessage({ role: "user", content: "and now?", timestamp: 6 } as AgentMessage);
  const file = manager.getSessionFile()!;
  manager.close();
  return file;
}

/** The context of the file's last entry with every line parsed at once: the ordinary way. */
function parsedContext(file: string): Message[] {
  const parsed = parseJsonlBuffer(readFileSync(file), file, { lazy: false });
  const loaded = loadSessionRecords(parsed.records, file, parsed.warnings);
  if (!loaded.ok) throw new Error(`${file} did not load`);
  return convertToLlm(buildSessionContext(loaded.session.entries as SessionEntry[], undefined).messages);
}

/** The context as a resume builds it: the file read as pith reads it (whole, or in pieces when big). */
function resumedContext(file: string, inPieces: boolean): { messages: Message[]; manager: SessionManager } {
  const dir = tempDir();
  const store = new JsonlSessionStore({ agentDir: dir, sessionDir: dir, ...(inPieces ? { piecewiseFileBytes: 0 } : {}) });
  const warnings: string[] = [];
  const manager = SessionManager.open(store, file, { onWarning: (warning) => warnings.push(warning.message) });
  expect(warnings).toEqual([]);
  return { messages: convertToLlm(manager.buildSessionContext().messages), manager };
}

const SHAPES: { name: string; seed: number; shape: Shape }[] = [
  { name: "small lines", seed: 11, shape: { turns: 30, bigOutput: 700, compactions: false } },
  { name: "lines over 4 KiB, with compactions", seed: 12, shape: { turns: 40, bigOutput: 5000, compactions: true } },
  { name: "lines over 16 KiB", seed: 13, shape: { turns: 24, bigOutput: 20_000, compactions: false } },
  // stored texts over 1 MiB are scanned, not parsed, and a body over 4 MiB is streamed: the one API that sends stored
  // text as it is (the others read such lines as the shapes above do)
  { name: "outputs over 1 MiB", seed: 14, shape: { turns: 2, bigOutput: 3_300_000, compactions: false, apis: ["anthropic-messages"] } },
];

describe("a resumed session's request", () => {
  for (const { name, seed, shape } of SHAPES) {
    it(`is what the fully parsed file gives (${name}, seed ${seed}, ${shape.apis?.join(", ") ?? "every provider API"})`, { timeout: 60_000 }, async () => {
      const file = writeSession(seed, shape);
      const expected = parsedContext(file);
      expect(readFileSync(file, "utf8")).toContain("\\ud800");

      for (const provider of PROVIDERS.filter(({ api }) => shape.apis?.includes(api) ?? true)) {
        const model = provider.model(mock.url);
        const request = (messages: Message[]) => streamRequest(model, { messages, tools: [READ_TOOL], systemPrompt: "Resumed." });
        const want = await sentBody(mock, provider.stream, request(expected));
        for (const inPieces of [false, true]) {
          const { messages, manager } = resumedContext(file, inPieces);
          const got = await sentBody(mock, provider.stream, request(messages));
          manager.close();
          expect({ provider: provider.api, inPieces, difference: firstDifference(got, want) }).toEqual({ provider: provider.api, inPieces, difference: undefined });
        }
      }
    });
  }
});

/** Where two JSON values first differ, with a short excerpt of each side (a whole body would drown the report). */
function firstDifference(got: unknown, want: unknown, path = "body"): string | undefined {
  if (typeof got === "object" && got !== null && typeof want === "object" && want !== null) {
    const keys = new Set([...Object.keys(got), ...Object.keys(want)]);
    for (const key of keys) {
      const found = firstDifference((got as Record<string, unknown>)[key], (want as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return Array.isArray(got) === Array.isArray(want) ? undefined : `${path}: array and object`;
  }
  if (Object.is(got, want)) return undefined;
  const excerpt = (value: unknown) => (JSON.stringify(value) ?? "undefined").slice(0, 200);
  return `${path}: got ${excerpt(got)}, want ${excerpt(want)}`;
}
