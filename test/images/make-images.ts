// Real PNG and JPEG files for the image tests: the PNG from test/support/png.ts, the JPEG that PNG re-encoded by
// photon; and an image's size as photon decodes it.
import { makePng } from "../support/png.js";

export { makePng };

interface Photon {
  PhotonImage: { new_from_byteslice(bytes: Uint8Array): { get_width(): number; get_height(): number; get_bytes_jpeg(quality: number): Uint8Array; free(): void } };
}

async function photon(): Promise<Photon> {
  const module = (await import("@silvia-odwyer/photon-node")) as unknown as Photon & { default?: Photon };
  return module.default ?? module;
}

export async function makeJpeg(width: number, height: number): Promise<Buffer> {
  const image = (await photon()).PhotonImage.new_from_byteslice(makePng(width, height));
  try {
    return Buffer.from(image.get_bytes_jpeg(90));
  } finally {
    image.free();
  }
}

/** width and height as photon decodes them */
export async function decodedSize(base64: string): Promise<[number, number]> {
  const image = (await photon()).PhotonImage.new_from_byteslice(Buffer.from(base64, "base64"));
  try {
    return [image.get_width(), image.get_height()];
  } finally {
    image.free();
  }
}
