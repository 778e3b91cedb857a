// AWS event stream framing (`application/vnd.amazon.eventstream`), the binary stream ConverseStream answers with.
// A message is: total length (u32), headers length (u32), prelude CRC (u32), headers, payload, message CRC (u32).
// A header is: name length (u8), name, value type (u8), value; Bedrock sends string values (type 7). TLS already
// guards the bytes, so the CRCs are not recomputed here.

export interface EventStreamMessage {
  headers: Record<string, string>;
  payload: Uint8Array;
}

const PRELUDE_BYTES = 12;
const CRC_BYTES = 4;
/** Longer than any message Bedrock sends (its limit is 16 MB): a corrupt length must not make us buffer forever. */
const MAX_MESSAGE_BYTES = 24 * 1024 * 1024;

export async function* readEventStream(body: AsyncIterable<Uint8Array>): AsyncGenerator<EventStreamMessage> {
  let buffer = Buffer.alloc(0);
  for await (const chunk of body) {
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    while (buffer.length >= PRELUDE_BYTES) {
      const total = buffer.readUInt32BE(0);
      const headersLength = buffer.readUInt32BE(4);
      if (total < PRELUDE_BYTES + headersLength + CRC_BYTES || total > MAX_MESSAGE_BYTES) {
        throw new SyntaxError(`event stream message of ${total} bytes with ${headersLength} bytes of headers`);
      }
      if (buffer.length < total) break;
      const headers = readHeaders(buffer.subarray(PRELUDE_BYTES, PRELUDE_BYTES + headersLength));
      const payload = buffer.subarray(PRELUDE_BYTES + headersLength, total - CRC_BYTES);
      yield { headers, payload };
      buffer = buffer.subarray(total);
    }
  }
}

// Value sizes of the fixed-size header types: bool true/false (0, 1), byte, short, int, long, timestamp, uuid.
const FIXED_SIZES: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };
const BYTE_ARRAY = 6;
const STRING = 7;

function readHeaders(bytes: Buffer): Record<string, string> {
  const headers: Record<string, string> = {};
  let offset = 0;
  while (offset < bytes.length) {
    const nameLength = bytes.readUInt8(offset);
    const name = bytes.toString("utf8", offset + 1, offset + 1 + nameLength);
    offset += 1 + nameLength;
    const type = bytes.readUInt8(offset);
    offset += 1;
    if (type === STRING || type === BYTE_ARRAY) {
      const length = bytes.readUInt16BE(offset);
      if (type === STRING) headers[name] = bytes.toString("utf8", offset + 2, offset + 2 + length);
      offset += 2 + length;
    } else {
      const size = FIXED_SIZES[type];
      if (size === undefined) throw new SyntaxError(`event stream header "${name}" has unknown type ${type}`);
      offset += size;
    }
  }
  return headers;
}
