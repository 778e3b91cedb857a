// Images on their way to the model, made to fit: the images of a tool result and of a prompt. One that fits is
// passed on as it is; a larger one is scaled down and the model is told the scale.
import type { ImageContent, TextContent } from "../../kernel/index.js";
import { imageDimensions } from "./dimensions.js";
import { dimensionNote, fitsInline, resizeImage } from "./resize.js";

const RESIZABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
export const OMITTED_NOTE = "[Image omitted: could not be resized below the inline image size limit.]";

export type Shrunk = { image: ImageContent; note?: string } | { omitted: string };

export async function shrinkImage(image: ImageContent): Promise<Shrunk> {
  const mimeType = image.mimeType.toLowerCase() === "image/jpg" ? "image/jpeg" : image.mimeType.toLowerCase();
  if (!RESIZABLE.has(mimeType)) return { image };
  const bytes = Buffer.from(image.data, "base64");
  const size = imageDimensions(bytes);
  if (size && fitsInline(size.width, size.height, bytes.length)) return { image };
  const resized = await resizeImage(bytes, mimeType);
  if (!resized) return { omitted: OMITTED_NOTE };
  if (!resized.wasResized) return { image };
  return { image: { type: "image", data: resized.data, mimeType: resized.mimeType }, note: dimensionNote(resized) };
}

/**
 * A tool result's content with every image made to fit, each note right after its image; undefined when nothing
 * changed. An image that cannot be shrunk stays as the tool gave it (as pi keeps it: the tool chose to send it).
 */
export async function shrinkToolResult(content: readonly (TextContent | ImageContent)[]): Promise<(TextContent | ImageContent)[] | undefined> {
  if (!content.some((block) => block.type === "image")) return undefined;
  let changed = false;
  const result: (TextContent | ImageContent)[] = [];
  for (const block of content) {
    if (block.type !== "image") {
      result.push(block);
      continue;
    }
    const shrunk = await shrinkImage(block);
    if ("omitted" in shrunk || shrunk.image === block) {
      result.push(block);
      continue;
    }
    changed = true;
    result.push(shrunk.image);
    if (shrunk.note) result.push({ type: "text", text: shrunk.note });
  }
  return changed ? result : undefined;
}

/** A prompt's images made to fit, and the notes to add to its text (pi: after a blank line, one per line). */
export async function shrinkPromptImages(images: readonly ImageContent[]): Promise<{ images: ImageContent[]; notes: string[] }> {
  const kept: ImageContent[] = [];
  const notes: string[] = [];
  for (const image of images) {
    const shrunk = await shrinkImage(image);
    if ("omitted" in shrunk) {
      notes.push(shrunk.omitted);
      continue;
    }
    kept.push(shrunk.image);
    if (shrunk.note) notes.push(shrunk.note);
  }
  return { images: kept, notes };
}
