// Large request bodies as a stream of UTF-8 chunks. The SDKs `JSON.stringify` the whole request into one string
// and the fetch encodes that into a Buffer: two copies of the conversation on top of the messages themselves
// (240 MB for a 120 MB session). Streamed, only one chunk of text exists at a time, and sending starts as soon as
// the first chunk is ready. A string stored as read from a session file (lib/stored-json) is sent as its bytes.
import { StoredJsonString, stringifyKeepingStored } from "../stored-json/stored-json.js";

/** Below this many characters of JSON (estimated), a body goes through the SDK as one string, as usual. */
export const STREAMED_BODY_THRESHOLD = 4 * 1024 * 1024;
/**
 * Characters gathered before a chunk is encoded and handed to the socket. Measured on a 120 MB body: 64 KiB is as
 * fast as 1 MiB, and its text mostly stays below V8's large-object size (128 KiB), so it dies young instead of
 * waiting for a full GC (1 MiB chunks cost 20 MB more peak RSS); smaller chunks are slower for no memory saved.
 */
const CHUNK_CHARS = 64 * 1024;

/**
 * `JSON.stringify(params)` as UTF-8 chunks, byte for byte, when `params` is a plain object whose JSON would pass
 * `threshold` characters; undefined otherwise (the SDK then sends it as usual). Every top-level field is
 * serialized whole except arrays (`messages`, `input`), which go one element per piece. Each iteration serializes
 * afresh from `params`, so a retry that iterates again sends the same bytes; serialization stops when `signal`
 * aborts or the reader stops reading.
 */
export function streamedJsonBody(
  params: unknown,
  signal: AbortSignal,
  threshold = STREAMED_BODY_THRESHOLD,
): AsyncIterable<Uint8Array> | undefined {
  if (!isPlainObject(params) || hasToJson(params) || !jsonSizeExceeds(params, threshold)) return undefined;
  return { [Symbol.asyncIterator]: () => jsonChunks(params, signal) };
}

export interface StreamedPostOptions {
  body: AsyncIterable<Uint8Array>;
  stream: true;
  signal: AbortSignal;
  headers: Record<string, string>;
}

/**
 * The options of the SDK's own `post` for a streamed body: the SDKs add no content type to a stream, and
 * `stream: true` makes the reply the same event Stream their `create` methods return.
 */
export function streamedPostOptions(body: AsyncIterable<Uint8Array>, options: { signal: AbortSignal; headers: Record<string, string> }): StreamedPostOptions {
  return { body, stream: true, signal: options.signal, headers: { ...options.headers, "content-type": "application/json" } };
}

async function* jsonChunks(params: Record<string, unknown>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let pieces: string[] = ["{"];
  let size = 1;
  const add = (text: string): void => {
    pieces.push(text);
    size += text.length;
  };
  const take = (): Uint8Array => {
    const chunk = Buffer.from(pieces.length === 1 ? pieces[0]! : pieces.join(""), "utf8");
    pieces = [];
    size = 0;
    return chunk;
  };
  let firstMember = true;
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (isPieceWiseArray(value)) {
      add(`${firstMember ? "" : ","}${JSON.stringify(key)}:[`);
      for (let index = 0; index < value.length; index++) {
        if (signal.aborted) return;
        if (index > 0) add(",");
        // An element JSON cannot represent (undefined, a function) is `null` in an array, as JSON.stringify writes.
        for (const piece of stringifyKeepingStored(value[index]) ?? ["null"]) {
          if (typeof piece === "string") {
            add(piece);
            continue;
          }
          const stored = piece.sendable();
          if (!stored) {
            add(JSON.stringify(piece));
            continue;
          }
          if (pieces.length > 0) yield take();
          yield stored;
        }
        if (size >= CHUNK_CHARS) yield take();
      }
      add("]");
    } else {
      // Through a one-member object, so a value's toJSON sees its key and an omitted value (undefined) leaves "{}".
      const member = JSON.stringify({ [key]: value });
      if (member.length === 2) continue;
      add(`${firstMember ? "" : ","}${member.slice(1, -1)}`);
    }
    firstMember = false;
    if (size >= CHUNK_CHARS) {
      if (signal.aborted) return;
      yield take();
    }
  }
  add("}");
  if (!signal.aborted) yield take();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** JSON.stringify calls toJSON on objects, functions and bigints; a false hit (a string) only sends an array whole. */
function hasToJson(value: unknown): boolean {
  return value !== null && value !== undefined && typeof (value as { toJSON?: unknown }).toJSON === "function";
}

/**
 * Element by element only when that matches JSON.stringify exactly: JSON.stringify passes an element's index to
 * its toJSON, a lone JSON.stringify would pass "", so an array holding such elements is serialized whole.
 */
function isPieceWiseArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && !hasToJson(value) && !value.some(hasToJson);
}

/**
 * Whether the JSON of `root` passes `limit` characters, estimated. A long array is first estimated from a sample of
 * its elements: a long conversation's walk would otherwise visit every message up to the limit before the request's
 * head could leave. Only a sample well past the limit streams the body (the same bytes as a whole one); any other
 * answer comes from the walk of every value, so a large body is never left to the SDK's single string by a sample.
 */
function jsonSizeExceeds(root: unknown, limit: number): boolean {
  const estimate = estimatedJsonSize(root, limit, true);
  if (!estimate.sampled) return estimate.size > limit;
  return estimate.size > SAMPLED_MARGIN * limit || estimatedJsonSize(root, limit, false).size > limit;
}

/** Arrays at least this long are sampled: runs of neighbouring elements spread over them. */
const SAMPLED_ARRAY_LENGTH = 1024;
const SAMPLE_RUNS = 15;
const SAMPLE_RUN_LENGTH = 8;
/** how far past the limit a sampled estimate must be to stream a body on its word */
const SAMPLED_MARGIN = 1.25;

/**
 * A cheap walk that stops as soon as the estimate passes `limit`: small requests cost a pass over themselves.
 * With `sample`, arrays of SAMPLED_ARRAY_LENGTH elements or more are estimated from a sample.
 */
function estimatedJsonSize(root: unknown, limit: number, sample: boolean): { size: number; sampled: boolean } {
  let size = 0;
  let sampled = false;
  // strings and other leaves are counted where they are met; only containers wait on the stack
  const pending: object[] = [];
  const meet = (value: unknown): void => {
    if (typeof value === "string") size += value.length + 2;
    else if (value !== null && typeof value === "object") pending.push(value);
    else size += 8;
  };
  meet(root);
  while (pending.length > 0) {
    const value = pending.pop()!;
    if (value instanceof StoredJsonString) size += value.byteLength;
    else if (Array.isArray(value)) {
      size += value.length + 2;
      if (sample && value.length >= SAMPLED_ARRAY_LENGTH) {
        sampled = true;
        size += sampledArraySize(value);
      } else {
        for (const item of value) meet(item);
      }
    } else {
      // for-in makes no array of keys per object (a long conversation has tens of thousands); an inherited
      // enumerable member only makes the estimate larger
      for (const key in value) {
        size += key.length + 4;
        meet((value as Record<string, unknown>)[key]);
      }
    }
    if (size > limit) break;
  }
  return { size, sampled };
}

/**
 * The size of a long array's elements, from runs of neighbours spread over it (a conversation repeats prompt, call,
 * result: single elements at a fixed step could all be prompts). The median run counts, so that a few big elements
 * that a run happens to meet do not stand for the whole array.
 */
function sampledArraySize(array: readonly unknown[]): number {
  const runs: number[] = [];
  for (let run = 0; run < SAMPLE_RUNS; run++) {
    const first = Math.floor(((run + 0.5) * array.length) / SAMPLE_RUNS) - (SAMPLE_RUN_LENGTH >> 1);
    let runSize = 0;
    for (let index = first; index < first + SAMPLE_RUN_LENGTH; index++) runSize += estimatedJsonSize(array[index], Infinity, false).size;
    runs.push(runSize);
  }
  runs.sort((a, b) => a - b);
  return (runs[SAMPLE_RUNS >> 1]! * array.length) / SAMPLE_RUN_LENGTH;
}
