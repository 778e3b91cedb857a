// The fetch `Response` pith's HTTP client returns, in plain TypeScript: Node 20's own `Response` lives in undici,
// and constructing one loads all of undici (see fetch-headers.ts). It has what callers of fetch read — status,
// headers, url, a body that streams, and the body readers — with the standard's rules: a body reads once, `text()`
// decodes UTF-8 dropping a byte-order mark, `clone()` tees the stream. Bundled SDK code that builds a Response of its
// own (Google's SDK wraps each streamed chunk's text in one) gets the standard constructor: a text or byte body, and
// an init of which every member may be left out.
import { Blob } from "node:buffer";
import { BodyQueue, BodyStream } from "./body-stream.js";
import { FetchHeaders } from "./fetch-headers.js";

export interface FetchResponseInit {
  status?: number;
  statusText?: string;
  headers?: ConstructorParameters<typeof FetchHeaders>[0];
  /** the final URL, after redirects */
  url?: string;
  redirected?: boolean;
}

/** A web ReadableStream, or pith's client's own one that builds it only when needed (body-stream.ts). */
export type ResponseBody = ReadableStream<Uint8Array> | BodyStream;

export class FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: FetchHeaders;
  readonly url: string;
  readonly redirected: boolean;
  readonly type = "basic";
  #body: ResponseBody | null;
  #used = false;

  constructor(body: ResponseBody | string | Uint8Array | null = null, init: FetchResponseInit = {}) {
    const status = init.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new RangeError(`Response: status ${status} is outside 200-599.`);
    }
    this.status = status;
    this.statusText = init.statusText ?? "";
    // pith's client hands over the headers it built; anything else (Node's own Headers too) is copied
    const own = typeof init.headers === "object" && init.headers !== null && Object.getPrototypeOf(init.headers) === FetchHeaders.prototype;
    this.headers = own ? (init.headers as FetchHeaders) : new FetchHeaders(init.headers);
    this.url = init.url ?? "";
    this.redirected = init.redirected ?? false;
    this.#body = typeof body === "string" || body instanceof Uint8Array ? bodyOf(body) : body;
    if (typeof body === "string" && !this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get body(): ResponseBody | null {
    return this.#body;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#body?.locked ?? false);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError("Response: the body has already been read.");
    this.#used = true;
    if (!this.#body) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.#body) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return new TextDecoder("utf-8").decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get("content-type") ?? "" });
  }

  async formData(): Promise<never> {
    throw new TypeError("Response: formData() is not supported by pith's HTTP client; set PITH_FETCH=global for it.");
  }

  clone(): FetchResponse {
    if (this.bodyUsed) throw new TypeError("Response: cannot clone a response whose body has been read.");
    let body: ResponseBody | null = null;
    if (this.#body) [this.#body, body] = this.#body.tee();
    const headers = new FetchHeaders(this.headers);
    return new FetchResponse(body, { status: this.status, statusText: this.statusText, headers, url: this.url, redirected: this.redirected });
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }

  /** Node's own Response objects count too, as with FetchHeaders. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object Response]";
  }
}

/** A body held whole in memory, as a stream that hands it out in one chunk. */
function bodyOf(content: string | Uint8Array): BodyStream {
  const queue = new BodyQueue({ pause() {}, resume() {}, cancel() {} });
  queue.push(typeof content === "string" ? Buffer.from(content) : content);
  queue.close();
  return new BodyStream(queue);
}
