// What the CLI and library bundles give bundled code in place of the globals `Headers`, `Response`, `FormData` and
// `ReadableStream` (build.mjs `inject`, and `define` for `globalThis.ReadableStream`): on Node 20 the first three
// are getters that load all of undici (~30 ms), the last one loads web streams (~4 ms), and the provider SDKs touch
// them on every request (`new Headers()`, `body instanceof FormData`, `body instanceof globalThis.ReadableStream`).
// Code outside the bundles (extensions, user plugins) keeps Node's own globals.
export { FetchHeaders as Headers } from "./fetch-headers.js";
export { FetchResponse as Response } from "./fetch-response.js";

/** Creates Node's own FormData (uploads are rare); `instanceof` is answered without loading undici. */
export class FormData {
  constructor(...args: unknown[]) {
    const Native = globalThis.FormData as unknown as new (...args: unknown[]) => object;
    return new Native(...args);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object FormData]";
  }
}

/** Creates Node's own ReadableStream; `instanceof` is answered without loading web streams (body-stream.ts too). */
export class ReadableStream {
  constructor(...args: unknown[]) {
    // Reflect.get: the bundles define `globalThis.ReadableStream` as this class
    const Native = Reflect.get(globalThis, "ReadableStream") as new (...args: unknown[]) => object;
    return new Native(...args);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return Object.prototype.toString.call(value) === "[object ReadableStream]";
  }
}

/**
 * What `globalThis.ReadableStream` becomes in the bundles (build.mjs `define`). A name of its own: the SDKs write
 * `const ReadableStream = globalThis.ReadableStream`, which would read its own uninitialised binding if the define
 * produced `ReadableStream`.
 */
export { ReadableStream as PithGlobalReadableStream };
