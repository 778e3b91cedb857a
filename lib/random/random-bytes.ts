// Random bytes for ids (session ids, session file names, entry ids) without loading node:crypto: a start-up makes
// a few ids before its first frame, and loading node:crypto for them cost more than everything else those steps
// do. The bytes come from the kernel's random device (/dev/urandom, the source node:crypto's generator seeds
// from), read a pool at a time; where there is no such device, from node:crypto.
import { closeSync, openSync, readSync } from "node:fs";
import { loadBuiltin } from "../loading/native-import.js";

const POOL_BYTES = 512;
const RANDOM_DEVICE = "/dev/urandom";

let pool: Buffer = Buffer.alloc(0);
let used = 0;
let deviceMissing = false;

/** `size` cryptographically random bytes, each byte handed out once */
export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return nodeCrypto().randomBytes(size);
  if (used + size > pool.length) {
    pool = freshPool();
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  // what was handed out is not kept in memory
  pool.fill(0, used, used + size);
  used += size;
  return bytes;
}

/** a random (version 4) UUID, as node:crypto's randomUUID makes it */
export function randomUUID(): string {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function freshPool(): Buffer {
  if (!deviceMissing) {
    try {
      const device = openSync(RANDOM_DEVICE, "r");
      try {
        const bytes = Buffer.allocUnsafe(POOL_BYTES);
        if (readSync(device, bytes, 0, POOL_BYTES, null) === POOL_BYTES) return bytes;
      } finally {
        closeSync(device);
      }
    } catch {
      // no such device here (Windows): node:crypto from now on
    }
    deviceMissing = true;
  }
  return nodeCrypto().randomBytes(POOL_BYTES);
}

function nodeCrypto(): typeof import("node:crypto") {
  return loadBuiltin<typeof import("node:crypto")>("node:crypto");
}
