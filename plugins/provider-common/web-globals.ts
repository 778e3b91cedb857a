// What the CLI and library bundles give bundled code in place of the global `Headers`, `Response` and `FormData`
// (build.mjs `inject`): on Node 20 each of those globals is a getter that loads all of undici (~30 ms), and the
// provider SDKs touch them on every request (`new Headers()`, `body instanceof FormData`). Code outside the
// bundles (extensions, user plugins) keeps Node's own globals.
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
