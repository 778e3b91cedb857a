// A Claude Pro/Max subscription token (an OAuth access token, `sk-ant-oat…`, as pi's /login stores in auth.json
// or ANTHROPIC_OAUTH_TOKEN holds) is only accepted the way Claude Code sends it: Bearer auth, Claude Code's
// user agent and `x-app`, the claude-code and oauth betas, Claude Code's identity as the first system block,
// and tool names in Claude Code's casing (mapped back on receipt). Facts from pi 1.6.0.
import type { ToolSpec } from "../../kernel/index.js";

const CLAUDE_CODE_VERSION = "2.1.322";
export const CLAUDE_CODE_IDENTITY = "You are Claude Code, Anthropic's official CLI for Claude.";
export const SUBSCRIPTION_BETAS = ["claude-code-20250219", "oauth-2025-04-20"];

const CLAUDE_CODE_TOOLS = [
  "Read", "Write", "Edit", "Bash", "Grep", "Glob", "AskUserQuestion", "EnterPlanMode", "ExitPlanMode", "KillShell",
  "NotebookEdit", "Skill", "Task", "TaskOutput", "TodoWrite", "WebFetch", "WebSearch",
];
const BY_LOWER_NAME = new Map(CLAUDE_CODE_TOOLS.map((name) => [name.toLowerCase(), name]));

export function isSubscriptionToken(apiKey: string | undefined): apiKey is string {
  return apiKey !== undefined && apiKey.includes("sk-ant-oat");
}

/** Headers under the model's and the request's own (which may override them). */
export const SUBSCRIPTION_HEADERS: Readonly<Record<string, string>> = {
  accept: "application/json",
  "anthropic-dangerous-direct-browser-access": "true",
  "user-agent": `claude-cli/${CLAUDE_CODE_VERSION}`,
  "x-app": "cli",
};

/** `read` → `Read` for Claude Code's own tools; other names unchanged. */
export function claudeCodeName(name: string): string {
  return BY_LOWER_NAME.get(name.toLowerCase()) ?? name;
}

/** The request's own spelling of a tool name the model sent in Claude Code's casing. */
export function requestToolName(name: string, tools: readonly ToolSpec[]): string {
  const lower = name.toLowerCase();
  return tools.find((tool) => tool.name.toLowerCase() === lower)?.name ?? name;
}
