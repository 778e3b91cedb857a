// Messages in pi's shapes, and branches built through the real session manager (in memory).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { emptyUsage, type AgentMessage, type AssistantMessage, type ToolResultMessage, type UserMessage } from "../../kernel/index.js";
import { MemorySessionStore, SessionManager, type SessionEntry } from "../../plugins/sessions/index.js";
import { removeAfterTest } from "../support/temp-folders.js";

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pith-compaction-"));
  removeAfterTest(dir);
  return dir;
}

let clock = 1_700_000_000_000;
const tick = () => (clock += 1000);

export function user(text: string): UserMessage {
  return { role: "user", content: text, timestamp: tick() };
}

export function assistant(text: string, options: { usage?: Partial<AssistantMessage["usage"]>; toolCalls?: { id: string; name: string; arguments: Record<string, unknown> }[] } = {}): AssistantMessage {
  const usage = { ...emptyUsage(), ...options.usage };
  if (options.usage && options.usage.totalTokens === undefined) usage.totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  const content: AssistantMessage["content"] = text ? [{ type: "text", text }] : [];
  for (const call of options.toolCalls ?? []) content.push({ type: "toolCall", ...call });
  return {
    role: "assistant",
    content,
    api: "scripted",
    provider: "scripted",
    model: "scripted-model",
    usage,
    stopReason: options.toolCalls?.length ? "toolUse" : "stop",
    timestamp: tick(),
  };
}

export function toolResult(toolCallId: string, text: string, toolName = "read"): ToolResultMessage {
  return { role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }], isError: false, timestamp: tick() };
}

/** A session manager over an in-memory store, with these messages appended in order. */
export function branchOf(messages: AgentMessage[]): { manager: SessionManager; entries: SessionEntry[]; ids: string[] } {
  const manager = SessionManager.create(new MemorySessionStore(), "/project");
  const ids = messages.map((message) => manager.appendMessage(message));
  return { manager, entries: manager.getBranch(), ids };
}

/** Text of `tokens` estimated tokens in plain ASCII (four characters each). */
export function asciiTokens(tokens: number, letter = "a"): string {
  return letter.repeat(tokens * 4);
}
