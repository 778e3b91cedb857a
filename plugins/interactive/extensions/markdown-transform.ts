// Extensions' markdown transformers (pi's `registerMarkdownTransformer`) as pi-tui's Markdown `transform` option:
// run in load order at draw time, each on what the previous one returned. Display only: the message itself, in the
// session and for the model, stays as it was. A transformer that throws or returns no string is passed over.
import type { MarkdownSurface, MarkdownTransformer } from "../../extensions/service/terminal-parts.js";

/** where a piece of markdown is drawn, for the transformers' context */
export interface MarkdownPlace {
  surface: MarkdownSurface;
  /** asked at each draw: a reply still streaming */
  streaming?: () => boolean;
  /** the session entry the message came from */
  messageId?: string;
  timestamp?: string;
}

export type MarkdownTransform = (markdown: string, availableWidth: number) => string;

/** the `transform` for a Markdown at `place`; undefined when no extension transforms markdown */
export function markdownTransform(transformers: readonly MarkdownTransformer[], place: MarkdownPlace): MarkdownTransform | undefined {
  if (transformers.length === 0) return undefined;
  return (markdown, availableWidth) => {
    const context = {
      messageType: place.surface,
      isStreaming: place.streaming?.() ?? false,
      availableWidth,
      ...(place.messageId !== undefined ? { messageId: place.messageId } : {}),
      ...(place.timestamp !== undefined ? { timestamp: place.timestamp } : {}),
    };
    let current = markdown;
    for (const transform of transformers) {
      try {
        const result = transform(current, context);
        if (typeof result === "string") current = result;
      } catch {
        // the markdown so far is kept, as in pi; the next transformer goes on from it
      }
    }
    return current;
  };
}
