// Shrinking an image to what providers take inline, as pi does: at most 2000×2000 pixels and 4.5 MB of base64.
// The image is scaled to fit (Lanczos3), then the smaller of PNG and JPEG is kept; if neither fits, JPEG at lower
// qualities, then ever smaller sizes. photon (WebAssembly, pi's library) is loaded on the first image that needs it.
import { nativeImport } from "../../lib/loading/native-import.js";

export const MAX_DIMENSION = 2000;
/** Providers refuse larger inline images (Anthropic: 5 MB); pi keeps the same headroom. */
export const MAX_BASE64_BYTES = 4.5 * 1024 * 1024;
const JPEG_QUALITIES = [80, 85, 70, 55, 40];
const SHRINK = 0.75;

export interface ResizedImage {
  data: string;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  wasResized: boolean;
}

interface PhotonImage {
  get_width(): number;
  get_height(): number;
  get_bytes(): Uint8Array;
  get_bytes_jpeg(quality: number): Uint8Array;
  free(): void;
}

interface Photon {
  PhotonImage: { new_from_byteslice(bytes: Uint8Array): PhotonImage };
  resize(image: PhotonImage, width: number, height: number, filter: number): PhotonImage;
  SamplingFilter: { Lanczos3: number };
}

let photon: Promise<Photon> | undefined;

function loadPhoton(): Promise<Photon> {
  photon ??= nativeImport<{ default?: Photon } & Photon>("@silvia-odwyer/photon-node").then((module) => module.default ?? module);
  return photon;
}

export const base64Size = (bytes: number) => Math.ceil(bytes / 3) * 4;

export function fitsInline(width: number, height: number, bytes: number): boolean {
  return width <= MAX_DIMENSION && height <= MAX_DIMENSION && base64Size(bytes) < MAX_BASE64_BYTES;
}

/** The image within the limits; undefined when it cannot be decoded or made small enough. */
export async function resizeImage(bytes: Uint8Array, mimeType: string): Promise<ResizedImage | undefined> {
  const { PhotonImage, resize, SamplingFilter } = await loadPhoton();
  let image: PhotonImage;
  try {
    image = PhotonImage.new_from_byteslice(bytes);
  } catch {
    return undefined;
  }
  try {
    const originalWidth = image.get_width();
    const originalHeight = image.get_height();
    if (fitsInline(originalWidth, originalHeight, bytes.byteLength)) {
      return { data: Buffer.from(bytes).toString("base64"), mimeType, originalWidth, originalHeight, width: originalWidth, height: originalHeight, wasResized: false };
    }
    let [width, height] = fit(originalWidth, originalHeight);
    for (;;) {
      const scaled = resize(image, width, height, SamplingFilter.Lanczos3);
      try {
        const fitting = smallestFitting(scaled);
        if (fitting) return { ...fitting, originalWidth, originalHeight, width, height, wasResized: true };
      } finally {
        scaled.free();
      }
      if (width === 1 && height === 1) return undefined;
      [width, height] = [Math.max(1, Math.floor(width * SHRINK)), Math.max(1, Math.floor(height * SHRINK))];
    }
  } finally {
    image.free();
  }
}

/** The smaller of PNG and JPEG when it fits, else the other, else JPEG at falling qualities (each made only when needed). */
function smallestFitting(image: PhotonImage): { data: string; mimeType: string } | undefined {
  const [quality, ...lower] = JPEG_QUALITIES;
  const png = { data: Buffer.from(image.get_bytes()).toString("base64"), mimeType: "image/png" };
  const jpeg = { data: Buffer.from(image.get_bytes_jpeg(quality!)).toString("base64"), mimeType: "image/jpeg" };
  const [smaller, larger] = jpeg.data.length < png.data.length ? [jpeg, png] : [png, jpeg];
  if (smaller.data.length < MAX_BASE64_BYTES) return smaller;
  if (larger.data.length < MAX_BASE64_BYTES) return larger;
  for (const next of lower) {
    const data = Buffer.from(image.get_bytes_jpeg(next)).toString("base64");
    if (data.length < MAX_BASE64_BYTES) return { data, mimeType: "image/jpeg" };
  }
  return undefined;
}

function fit(width: number, height: number): [number, number] {
  if (width > MAX_DIMENSION) [width, height] = [MAX_DIMENSION, Math.round((height * MAX_DIMENSION) / width)];
  if (height > MAX_DIMENSION) [width, height] = [Math.round((width * MAX_DIMENSION) / height), MAX_DIMENSION];
  return [width, height];
}

/** What the model is told about a scaled image, so it can map coordinates back (pi's wording). */
export function dimensionNote(image: ResizedImage): string | undefined {
  if (!image.wasResized) return undefined;
  const scale = image.originalWidth / image.width;
  return `[Image: original ${image.originalWidth}x${image.originalHeight}, displayed at ${image.width}x${image.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}
