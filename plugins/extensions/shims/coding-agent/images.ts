// pi's image helpers for extensions (`resizeImage`, `formatDimensionNote`, `convertToPng`,
// `detectSupportedImageMimeTypeFromFile`), backed by pith's images plugin: the same library, limits and notes.
import { open } from "node:fs/promises";
import { supportedImageMimeType } from "./image-mime.js";
import { dimensionNote, encodePng, INLINE_LIMITS, resizeImage as resizeWithin, type ResizedImage, type ResizeLimits } from "../../../images/index.js";

export interface ImageResizeOptions {
  maxWidth?: number;
  maxHeight?: number;
  maxBytes?: number;
  jpegQuality?: number;
}

/** The image within the limits (pi's defaults: 2000×2000, 4.5 MB of base64); null when it cannot be made to fit or decoded. */
export async function resizeImage(inputBytes: Uint8Array, mimeType: string, options?: ImageResizeOptions): Promise<ResizedImage | null> {
  // spread as pi spreads them: an option given as undefined is undefined, not the default
  const limits = { ...INLINE_LIMITS, ...options } as ResizeLimits;
  try {
    const resized = await resizeWithin(inputBytes, mimeType, limits);
    if (!resized) return null;
    return resized.wasResized || mimeType ? resized : { ...resized, mimeType: "image/png" };
  } catch {
    // pi answers null for whatever the library cannot do, its absence included
    return null;
  }
}

export function formatDimensionNote(result: ResizedImage): string | undefined {
  return dimensionNote(result);
}

/** The image as PNG (the Kitty protocol's only format): a PNG as given, others re-encoded; null when that fails. */
export async function convertToPng(base64Data: string, mimeType: string): Promise<{ data: string; mimeType: string } | null> {
  if (mimeType === "image/png") return { data: base64Data, mimeType };
  try {
    const png = await encodePng(Buffer.from(base64Data, "base64"));
    return png ? { data: Buffer.from(png).toString("base64"), mimeType: "image/png" } : null;
  } catch {
    return null;
  }
}

/** pi reads this much of a file to recognise its image format */
const SNIFF_BYTES = 4100;

/** The format of an image file pi's read tool accepts, from its first bytes; null for anything else. */
export async function detectSupportedImageMimeTypeFromFile(filePath: string): Promise<string | null> {
  const file = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return supportedImageMimeType(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
