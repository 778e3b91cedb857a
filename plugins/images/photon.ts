// photon (WebAssembly, pi's image library), loaded on the first image that needs it.
import { nativeImport } from "../../lib/loading/native-import.js";

export interface PhotonImage {
  get_width(): number;
  get_height(): number;
  get_bytes(): Uint8Array;
  get_bytes_jpeg(quality: number): Uint8Array;
  free(): void;
}

export interface Photon {
  PhotonImage: { new_from_byteslice(bytes: Uint8Array): PhotonImage };
  resize(image: PhotonImage, width: number, height: number, filter: number): PhotonImage;
  SamplingFilter: { Lanczos3: number };
}

let photon: Promise<Photon> | undefined;

export function loadPhoton(): Promise<Photon> {
  photon ??= nativeImport<{ default?: Photon } & Photon>("@silvia-odwyer/photon-node").then((module) => module.default ?? module);
  return photon;
}

/** `use` on the decoded image, freed afterwards; undefined when the bytes cannot be decoded. */
export async function withDecodedImage<T>(bytes: Uint8Array, use: (image: PhotonImage, photon: Photon) => T): Promise<T | undefined> {
  const photon = await loadPhoton();
  let image: PhotonImage;
  try {
    image = photon.PhotonImage.new_from_byteslice(bytes);
  } catch {
    return undefined;
  }
  try {
    return use(image, photon);
  } finally {
    image.free();
  }
}

/** The image re-encoded as PNG; undefined when it cannot be decoded. */
export function encodePng(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  return withDecodedImage(bytes, (image) => image.get_bytes());
}
