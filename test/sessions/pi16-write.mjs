// For test/sessions/pi16-compat.test.ts, under Node 22 in the reader's process (pi16-read.mjs): pi 1.6.0's own
// SessionManager writes a session with a tool call, a label, a context edit, a compaction with usage, a branch
// summary, a cache_warm usage entry and a name.

/** Writes the session in `sessionDir` with pi's `SessionManager`; returns the file's path. */
export function writePiSession(SessionManager, cwd, sessionDir) {
  const usage = (output) => ({ input: 100, output, cacheRead: 0, cacheWrite: 0, totalTokens: 100 + output, cost: { input: 0.0003, output: 0.0001, cacheRead: 0, cacheWrite: 0, total: 0.0004 } });
  const reply = (content, stopReason = "stop") => ({ role: "assistant", content, api: "anthropic-messages", provider: "mock", model: "mock-model", usage: usage(5), stopReason, timestamp: Date.now() });
  const manager = SessionManager.create(cwd, sessionDir);
  manager.appendModelChange("mock", "mock-model");
  manager.appendThinkingLevelChange("off");
  const tool = { name: "bash", description: "Run a command", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };
  manager.appendMessage({ role: "system", content: "", sections: { preamble: "You are pi.", cwd: `<cwd>\n${cwd}\n</cwd>` }, toolsAdded: [tool], timestamp: Date.now() });
  const first = manager.appendMessage({ role: "user", content: "list the files", timestamp: Date.now() });
  const call = manager.appendMessage(reply([{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "ls" } }], "toolUse"));
  manager.appendMessage({ role: "toolResult", toolCallId: "call_1", toolName: "bash", content: [{ type: "text", text: "pi-listing.txt" }], isError: false, timestamp: Date.now() });
  const answered = manager.appendMessage(reply([{ type: "text", text: "one file: pi-listing.txt" }]));
  manager.appendLabelChange(first, "start");
  const kept = manager.appendMessage({ role: "user", content: "try something risky", timestamp: Date.now() });
  const failed = manager.appendMessage(reply([{ type: "text", text: "a pi attempt to hide" }]));
  manager.appendContextEdit(failed, null);
  manager.appendCompaction("pi summarised the listing", kept, 1234, { readFiles: [], modifiedFiles: [] }, false, usage(20));
  manager.appendMessage(reply([{ type: "text", text: "after pi's compaction" }]));
  manager.branchWithSummary(answered, "pi left a branch", { readFiles: [], modifiedFiles: [] }, false, usage(7));
  manager.appendMessage({ role: "user", content: "the other way", timestamp: Date.now() });
  manager.appendMessage(reply([{ type: "text", text: "pi went the other way" }]));
  manager.appendUsage("cache_warm", "mock", "mock-model", usage(1));
  manager.appendSessionInfo("pi wrote this");
  void call;
  return manager.getSessionFile();
}
