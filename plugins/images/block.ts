// images.blockImages: no image reaches the model. Each image of a user, tool-result or custom message becomes pi's
// notice; a notice right after the same notice is left out.
import type { AgentMessage, ImageContent, TextContent } from "../../kernel/index.js";

export const BLOCKED_NOTICE = "Image reading is disabled.";
const ROLES_WITH_IMAGES = new Set(["user", "toolResult", "custom"]);

export function withoutImages(messages: readonly AgentMessage[]): AgentMessage[] {
  return messages.map((message) => {
    const content = (message as { content?: unknown }).content;
    if (!ROLES_WITH_IMAGES.has((message as { role: string }).role) || !Array.isArray(content)) return message;
    if (!content.some((block: { type?: string }) => block.type === "image")) return message;
    const blocks: (TextContent | ImageContent)[] = [];
    for (const block of content as (TextContent | ImageContent)[]) {
      const replaced: TextContent | ImageContent = block.type === "image" ? { type: "text", text: BLOCKED_NOTICE } : block;
      const previous = blocks.at(-1);
      if (replaced.type === "text" && replaced.text === BLOCKED_NOTICE && previous?.type === "text" && previous.text === BLOCKED_NOTICE) continue;
      blocks.push(replaced);
    }
    return { ...message, content: blocks } as AgentMessage;
  });
}
