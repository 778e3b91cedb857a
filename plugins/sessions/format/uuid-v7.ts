// UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits, so ids sort by creation time.
// Within one millisecond the 12-bit `rand_a` field counts up (RFC 9562 §6.2, method 1), keeping ids of one
// process strictly increasing.
import { randomBytes } from "../../../lib/random/random-bytes.js";

let lastMillis = -1;
let counter = 0;

export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  let millis = Math.max(now, lastMillis);
  if (millis === lastMillis) {
    counter++;
    if (counter > 0xfff) {
      millis++;
      counter = bytes[6]! & 0x07; // a small random start leaves room to count
    }
  } else {
    counter = bytes[6]! & 0x07;
  }
  lastMillis = millis;

  // 48-bit big-endian timestamp; split because bitwise operators work on 32 bits
  const high = Math.floor(millis / 0x100000000);
  const low = millis >>> 0;
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = (low >>> 24) & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | ((counter >>> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);

  const hex = Buffer.from(bytes).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creation time a version 7 UUID carries, or undefined for other strings. */
export function uuidv7Time(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
