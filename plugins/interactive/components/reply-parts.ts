// What a reply draws, in order, as pi 1.6.0 groups it: each text block with words in it is a part, and each run of
// thinking blocks next to one another is one part (their texts a paragraph apart), so a click or the hidden label
// covers the whole run. Any other block (a tool call, an empty text) ends a run; a run with no words in it is none.
import type { AssistantMessage } from "../../../kernel/index.js";

export type ReplyPart = { kind: "text"; text: string } | { kind: "thinking"; text: string; run: number };

export function replyParts(content: AssistantMessage["content"]): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let run: string[] | undefined;
  let runs = 0;
  const endRun = () => {
    if (run && run.length > 0) parts.push({ kind: "thinking", text: run.join("\n\n"), run: runs++ });
    run = undefined;
  };
  for (const block of content) {
    if (block.type === "thinking") {
      run ??= [];
      const text = block.thinking.trim();
      if (text !== "") run.push(text);
      continue;
    }
    endRun();
    if (block.type === "text" && block.text.trim() !== "") parts.push({ kind: "text", text: block.text.trim() });
  }
  endRun();
  return parts;
}
