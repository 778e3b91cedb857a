// Shrinking an image to what providers take inline, as pi does: at most 2000×2000 pixels and 4.5 MB of base64.
// The image is scaled to fit (Lanczos3), then the smaller of PNG and JPEG is kept; if neither fits, JPEG at lower
// qualities, then ever smaller sizes. Extensions may ask for other limits (pi's `resizeImage` options).
import { withDecodedImage, type PhotonImage } from "./photon.js";

export const MAX_DIMENSION = 2000;
/** Providers refuse larger inline images (Anthropic: 5 MB); pi keeps the same headroom. */
export const MAX_BASE64_BYTES = 4.5 * 1024 * 1024;
const LOWER_JPEG_QUALITIES = [85, 70, 55, 40];
const SHRINK = 0.75;

export interface ResizeLimits {
  maxWidth: number;
  maxHeight: number;
  /** of the base64 text */
  maxBytes: number;
  /** the first JPEG quality tried */
  jpegQuality: number;
}

export const INLINE_LIMITS: ResizeLimits = { maxWidth: MAX_DIMENSION, maxHeight: MAX_DIMENSION, maxBytes: MAX_BASE64_BYTES, jpegQuality: 80 };

export interface ResizedImage {
  data: string;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  wasResized: boolean;
}

export const base64Size = (bytes: number) => Math.ceil(bytes / 3) * 4;

export function fitsInline(width: number, height: number, bytes: number, limits = INLINE_LIMITS): boolean {
  return width <= limits.maxWidth && height <= limits.maxHeight && base64Size(bytes) < limits.maxBytes;
}

/** The image within the limits; undefined when it cannot be decoded or made small enough. */
export function resizeImage(bytes: Uint8Array, mimeType: string, limits = INLINE_LIMITS): Promise<ResizedImage | undefined> {
  return withDecodedImage(bytes, (image, { resize, SamplingFilter }): ResizedImage | undefined => {
    const originalWidth = image.get_width();
    const originalHeight = image.get_height();
    if (fitsInline(originalWidth, originalHeight, bytes.byteLength, limits)) {
      return { data: Buffer.from(bytes).toString("base64"), mimeType, originalWidth, originalHeight, width: originalWidth, height: originalHeight, wasResized: false };
    }
    let [width, height] = fit(originalWidth, originalHeight, limits);
    for (;;) {
      const scaled = resize(image, width, height, SamplingFilter.Lanczos3);
      try {
        const fitting = smallestFitting(scaled, limits);
        if (fitting) return { ...fitting, originalWidth, originalHeight, width, height, wasResized: true };
      } finally {
        scaled.free();
      }
      if (width === 1 && height === 1) return undefined;
      [width, height] = [Math.max(1, Math.floor(width * SHRINK)), Math.max(1, Math.floor(height * SHRINK))];
    }
  });
}

/** The smaller of PNG and JPEG when it fits, else the other, else JPEG at falling qualities (each made only when needed). */
function smallestFitting(image: PhotonImage, limits: ResizeLimits): { data: string; mimeType: string } | undefined {
  const png = { data: Buffer.from(image.get_bytes()).toString("base64"), mimeType: "image/png" };
  const jpeg = { data: Buffer.from(image.get_bytes_jpeg(limits.jpegQuality)).toString("base64"), mimeType: "image/jpeg" };
  const [smaller, larger] = jpeg.data.length < png.data.length ? [jpeg, png] : [png, jpeg];
  if (smaller.data.length < limits.maxBytes) return smaller;
  if (larger.data.length < limits.maxBytes) return larger;
  for (const next of LOWER_JPEG_QUALITIES) {
    if (next === limits.jpegQuality) continue;
    const data = Buffer.from(image.get_bytes_jpeg(next)).toString("base64");
    if (data.length < limits.maxBytes) return { data, mimeType: "image/jpeg" };
  }
  return undefined;
}

function fit(width: number, height: number, limits: ResizeLimits): [number, number] {
  if (width > limits.maxWidth) [width, height] = [limits.maxWidth, Math.round((height * limits.maxWidth) / width)];
  if (height > limits.maxHeight) [width, height] = [Math.round((width * limits.maxHeight) / height), limits.maxHeight];
  return [width, height];
}

/** What the model is told about a scaled image, so it can map coordinates back (pi's wording). */
export function dimensionNote(image: ResizedImage): string | undefined {
  if (!image.wasResized) return undefined;
  const scale = image.originalWidth / image.width;
  return `[Image: original ${image.originalWidth}x${image.originalHeight}, displayed at ${image.width}x${image.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}
