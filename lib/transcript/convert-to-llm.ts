// Turns a session's messages into what providers understand, pi's roles included: bash runs and summaries become
// user messages with the framing pi uses. The SDK gives this to the kernel as its `convertToLlm`.
import { kernelMessageToLlm, type AgentMessage, type Message, type TextContent, type UserMessage } from "../../kernel/index.js";
import type { BashExecutionMessage } from "./pi-messages.js";

const COMPACTION_PREFACE = "The conversation history before this point was compacted into the following summary:";
const BRANCH_PREFACE = "The following is a summary of a branch that this conversation came back from:";

export function convertToLlm(messages: readonly AgentMessage[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    const converted = convertOne(message);
    if (converted) out.push(converted);
  }
  return out;
}

function convertOne(message: AgentMessage): Message | undefined {
  switch (message.role) {
    case "bashExecution":
      return message.excludeFromContext ? undefined : userText(bashExecutionText(message), message.timestamp);
    case "compactionSummary":
      return userText(`${COMPACTION_PREFACE}\n\n<summary>\n${message.summary}\n</summary>`, message.timestamp);
    case "branchSummary":
      return userText(`${BRANCH_PREFACE}\n\n<summary>\n${message.summary}</summary>`, message.timestamp);
    default:
      return kernelMessageToLlm(message);
  }
}

export function bashExecutionText(message: BashExecutionMessage): string {
  let text = `Ran \`${message.command}\`\n`;
  text += message.output ? "```\n" + message.output + "\n```" : "(no output)";
  if (message.cancelled) text += "\n\n(command cancelled)";
  else if (message.exitCode !== undefined && message.exitCode !== null && message.exitCode !== 0) {
    text += `\n\nCommand exited with code ${message.exitCode}`;
  }
  if (message.truncated && message.fullOutputPath) text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
  return text;
}

function userText(text: string, timestamp: number): UserMessage {
  const content: TextContent[] = [{ type: "text", text }];
  return { role: "user", content, timestamp };
}
