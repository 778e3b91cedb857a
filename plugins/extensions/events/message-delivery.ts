// `pi.sendMessage` and `pi.sendUserMessage`: how a message an extension sends reaches the conversation.
//   sendMessage  nextTurn → sent after the user message of the next prompt
//                while a turn runs → steering (default) or follow-up queue
//                idle, triggerTurn → starts a turn with the message
//                idle otherwise → appended to the conversation (and stored), no turn
//   sendUserMessage → a prompt with source "extension" and no command/skill/template expansion; while a turn runs
//                it must say `deliverAs` (steer or followUp)
import { PithError, type CustomMessage, type ImageContent, type TextContent } from "../../../kernel/index.js";
import type { ExtensionRecord } from "../instance/extension-record.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { PiCustomMessageInput, SendMessageOptions } from "../contract/types.js";

declare module "../../../kernel/index.js" {
  interface InputSources {
    /** an extension's `pi.sendUserMessage` */
    extension: true;
  }
}

export function customMessage(input: PiCustomMessageInput): CustomMessage {
  if (!input || typeof input.customType !== "string") {
    throw new PithError("EXTENSION_MESSAGE_INVALID", "A message needs a customType (string) and content.");
  }
  return {
    role: "custom",
    customType: input.customType,
    content: input.content ?? "",
    display: input.display !== false,
    ...(input.details !== undefined ? { details: input.details } : {}),
    timestamp: Date.now(),
  };
}

/** Starts the delivery; resolves when the message is in place (and, with triggerTurn, when its turn is done). */
export function sendMessage(runtime: ExtensionRuntime, message: PiCustomMessageInput, options: SendMessageOptions = {}): Promise<void> {
  const custom = customMessage(message);
  const { session } = runtime;
  if (options.deliverAs === "nextTurn") {
    runtime.nextTurn.push(custom);
    return Promise.resolve();
  }
  if (session.isStreaming) {
    session.queueMessage(custom, options.deliverAs === "followUp" ? "followUp" : "steer");
    return Promise.resolve();
  }
  // the message opens the run, as a prompt would: before_agent_start hears it with messageType "custom"
  if (options.triggerTurn) return session.continue({ trigger: custom });
  return session.appendMessage(custom);
}

export function sendUserMessage(
  runtime: ExtensionRuntime,
  content: string | (TextContent | ImageContent)[],
  options: { deliverAs?: "steer" | "followUp"; expandPromptTemplates?: boolean } = {},
): Promise<void> {
  const { text, images } = splitContent(content);
  if (runtime.session.isStreaming && !options.deliverAs) {
    throw new PithError(
      "AGENT_BUSY",
      'The agent is working: sendUserMessage needs {deliverAs: "steer"} or {deliverAs: "followUp"} while a turn runs.',
    );
  }
  // thrown, not rejected, while busy: extensions catch it around a call they do not await
  // pi 1.6: `expandPromptTemplates` runs a `/command` and expands skills and templates, as typed text would be
  const expand = options.expandPromptTemplates === true;
  const send = () => runtime.session.prompt(text, { images, source: "extension", expand, streamingBehavior: options.deliverAs }).then(() => undefined);
  // a `/command` it runs must find this delivery already tracked, or that command would wait for its own delivery
  return expand ? Promise.resolve().then(send) : send();
}

/** Fire-and-forget forms for the `pi` object: failures are reported under the extension's name. */
export function deliverInBackground(runtime: ExtensionRuntime, record: ExtensionRecord, what: string, start: () => Promise<void>): void {
  runtime.track(record, what, start());
}

function splitContent(content: string | (TextContent | ImageContent)[]): { text: string; images?: ImageContent[] } {
  if (typeof content === "string") return { text: content };
  const text = content
    .filter((block): block is TextContent => block?.type === "text")
    .map((block) => block.text)
    .join("\n");
  const images = content.filter((block): block is ImageContent => block?.type === "image");
  return images.length > 0 ? { text, images } : { text };
}
