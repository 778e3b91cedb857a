// The image formats pi 1.6.0's read tool sends to a model, recognised from a file's first bytes as pi recognises
// them: JPEG (not JPEG-LS), PNG with its header chunk and no animation, GIF, WebP and BMP with a sane header.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_LS_MARKER = 0xf7;
const BMP_BITS_PER_PIXEL = new Set([1, 4, 8, 16, 24, 32]);

export function supportedImageMimeType(bytes: Uint8Array): string | null {
  if (hasBytes(bytes, 0, [0xff, 0xd8, 0xff])) return bytes[3] === JPEG_LS_MARKER ? null : "image/jpeg";
  if (hasBytes(bytes, 0, PNG_SIGNATURE)) return isStillPng(bytes) ? "image/png" : null;
  if (hasText(bytes, 0, "GIF87a") || hasText(bytes, 0, "GIF89a")) return "image/gif";
  if (hasText(bytes, 0, "RIFF") && hasText(bytes, 8, "WEBP")) return "image/webp";
  if (hasText(bytes, 0, "BM") && isBmp(bytes)) return "image/bmp";
  return null;
}

/** a 13-byte IHDR chunk first, and no animation control chunk before the image data */
function isStillPng(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || uint32BE(bytes, 8) !== 13 || !hasText(bytes, 12, "IHDR")) return false;
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= bytes.length; ) {
    if (hasText(bytes, offset + 4, "acTL")) return false;
    if (hasText(bytes, offset + 4, "IDAT")) return true;
    const next = offset + 12 + uint32BE(bytes, offset);
    if (next <= offset || next > bytes.length) return true;
    offset = next;
  }
  return true;
}

function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26) return false;
  const fileSize = uint32LE(bytes, 2);
  const pixelsAt = uint32LE(bytes, 10);
  const headerSize = uint32LE(bytes, 14);
  if (fileSize !== 0 && (fileSize < 26 || pixelsAt >= fileSize)) return false;
  if (pixelsAt < 14 + headerSize) return false;
  // the old OS/2 header keeps planes and depth at 22; the Windows headers (40 to 124 bytes) at 26
  const fieldsAt = headerSize === 12 ? 22 : headerSize >= 40 && headerSize <= 124 ? 26 : undefined;
  if (fieldsAt === undefined || bytes.length < fieldsAt + 4) return false;
  return uint16LE(bytes, fieldsAt) === 1 && BMP_BITS_PER_PIXEL.has(uint16LE(bytes, fieldsAt + 2));
}

const byteAt = (bytes: Uint8Array, index: number) => bytes[index] ?? 0;
const uint16LE = (bytes: Uint8Array, at: number) => byteAt(bytes, at) + (byteAt(bytes, at + 1) << 8);
const uint32LE = (bytes: Uint8Array, at: number) => uint16LE(bytes, at) + uint16LE(bytes, at + 2) * 0x10000;
const uint32BE = (bytes: Uint8Array, at: number) => byteAt(bytes, at) * 0x1000000 + (byteAt(bytes, at + 1) << 16) + (byteAt(bytes, at + 2) << 8) + byteAt(bytes, at + 3);

function hasBytes(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return bytes.length >= at + expected.length && expected.every((value, index) => bytes[at + index] === value);
}

function hasText(bytes: Uint8Array, at: number, text: string): boolean {
  return hasBytes(bytes, at, Array.from(text, (character) => character.charCodeAt(0)));
}
