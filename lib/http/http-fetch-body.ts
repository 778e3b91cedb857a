// The two bodies of an HTTP exchange for http-fetch.ts: what a fetch `body` becomes on the wire, and a node
// response turned into the ReadableStream a `Response` carries (body-stream.ts), decoded and failing the way
// undici's does.
import type { IncomingMessage } from "node:http";
import { pipeline, type Readable, type Transform } from "node:stream";
import { loadBuiltin } from "../loading/native-import.js";
import { BodyQueue, BodyStream } from "./body-stream.js";

/** A body held in memory can be sent again (redirect 307/308, a stale keep-alive socket); a stream cannot. */
export type WireBody =
  | { kind: "bytes"; bytes: Uint8Array; contentType?: string }
  | { kind: "stream"; chunks: AsyncIterable<unknown> };

export async function encodeRequestBody(body: unknown): Promise<WireBody | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return { kind: "bytes", bytes: Buffer.from(body), contentType: "text/plain;charset=UTF-8" };
  if (body instanceof ArrayBuffer) return { kind: "bytes", bytes: new Uint8Array(body) };
  if (ArrayBuffer.isView(body)) return { kind: "bytes", bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof URLSearchParams || body instanceof Blob || body instanceof FormData) {
    // The platform's Response serialises these (multipart boundary, Blob type) exactly as fetch would; named
    // through globalThis because the bundles give the bare name `Response` pith's own class (web-globals.ts).
    const extracted = new globalThis.Response(body);
    const contentType = extracted.headers.get("content-type") ?? undefined;
    return { kind: "bytes", bytes: new Uint8Array(await extracted.arrayBuffer()), ...(contentType ? { contentType } : {}) };
  }
  // ReadableStream is async-iterable in Node 20; the SDKs also pass plain async iterables (with duplex "half").
  if (typeof body === "object" && Symbol.asyncIterator in body) return { kind: "stream", chunks: body as AsyncIterable<unknown> };
  throw new TypeError(`fetch: unsupported request body of type ${Object.prototype.toString.call(body)}`);
}

/** Uint8Array chunks only, as fetch requires of a streamed body. */
export async function* streamedChunks(chunks: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError("fetch: a streamed request body must yield Uint8Array chunks");
    yield chunk;
  }
}

/**
 * The response body as a byte stream that errors with `TypeError("terminated")` when the connection drops, as
 * undici's does (the SDKs and pith's error classification recognise that shape). `onSettled` runs once when the
 * body ends, fails or is cancelled; `fail` lets the caller error it (abort) and tear the connection down.
 */
export function responseBodyStream(
  response: IncomingMessage,
  decoders: Transform[],
  onSettled: () => void,
): { body: BodyStream; fail: (reason: unknown) => void } {
  let settled = false;
  let source: Readable = response;

  function settle(): boolean {
    if (settled) return false;
    settled = true;
    onSettled();
    return true;
  }
  function teardown(): void {
    response.destroy();
    if (source !== response) source.destroy();
  }
  function fail(reason: unknown): void {
    if (!settle()) return;
    queue.error(reason);
    teardown();
  }

  const queue = new BodyQueue({
    pause: () => source.pause(),
    resume: () => source.resume(),
    // The reader gave up: drop the connection rather than drain a stream nobody reads (undici does the same).
    cancel: () => {
      if (settle()) teardown();
    },
  });
  source = decoded(response, decoders, (error) => {
    if (error) fail(new TypeError("terminated", { cause: droppedCause(error) }));
  });
  source.on("data", (chunk: Buffer) => {
    if (!settled) queue.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  source.on("end", () => {
    if (settle()) queue.close();
  });
  return { body: new BodyStream(queue), fail };
}

const CODINGS = new Set(["gzip", "x-gzip", "deflate", "br"]);

/** The content codings fetch decodes, outermost first; undefined when one is unknown (the body is passed as is). */
export function decodableEncodings(header: string | undefined): string[] | undefined {
  if (!header) return [];
  const codings = header.split(",").map((coding) => coding.trim().toLowerCase()).filter((coding) => coding && coding !== "identity");
  if (codings.some((coding) => !CODINGS.has(coding))) return undefined;
  return codings.reverse();
}

/**
 * One decompressor per coding; node:zlib is loaded only for a compressed response. Sync flush, also on finish,
 * as undici does: each flushed piece of a compressed event stream comes out at once, and a server that ends the
 * stream without its trailer still hands over everything it sent.
 */
export async function decoders(encodings: string[]): Promise<Transform[]> {
  if (encodings.length === 0) return [];
  const zlib = loadBuiltin<typeof import("node:zlib")>("node:zlib");
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH } = zlib.constants;
  return encodings.map((coding) => {
    if (coding === "br") return zlib.createBrotliDecompress({ flush: BROTLI_OPERATION_FLUSH, finishFlush: BROTLI_OPERATION_FLUSH });
    if (coding === "deflate") return zlib.createInflate({ flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH });
    return zlib.createGunzip({ flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH });
  });
}

function decoded(response: IncomingMessage, decoders: Transform[], done: (error: Error | null) => void): Readable {
  if (decoders.length === 0) {
    response.on("error", done);
    // A socket that closes before the body is complete surfaces as "aborted" without always emitting 'error'.
    const onClose = () => {
      if (!response.complete) done(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    };
    if (response.destroyed) onClose();
    else response.on("close", onClose);
    return response;
  }
  pipeline([response, ...decoders], (error) => done(error ?? null));
  return decoders[decoders.length - 1]!;
}

/** undici's wording ("other side closed") over node's ("aborted"), which reads like a user cancel. */
function droppedCause(error: Error): Error {
  const code = (error as { code?: unknown }).code;
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") {
    return Object.assign(new Error("other side closed", { cause: error }), { code: "ECONNRESET" });
  }
  return error;
}
