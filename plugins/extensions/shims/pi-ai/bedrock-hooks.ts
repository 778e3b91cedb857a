// pi-ai's Bedrock loader hooks. In pi-ai they replace the implementation its Bedrock API loads, which every Bedrock
// request then uses; in pith the given implementation becomes the running session's provider for the Bedrock API,
// loaded on the first request, in place of pith's own Bedrock provider. As in pi-ai, the registry's
// `resetApiProviders` and `unregisterApiProviders` leave it in place; the last call wins.
import { PithError } from "../../../../kernel/index.js";
import { providerFromStream } from "../../registrations/provider-from-stream.js";
import { extensionHost, type ExtensionHost } from "../host.js";
import { lazyApi, type ProviderStreams } from "./lazy-stream.js";

const BEDROCK_API = "bedrock-converse-stream";
const replaced = new WeakMap<ExtensionHost, () => void>();

function useBedrock(load: () => Promise<ProviderStreams>, what: string): void {
  const host = extensionHost();
  if (!host) throw new PithError("EXTENSION_NO_SESSION", `${what} works only inside a running pith session.`);
  replaced.get(host)?.();
  replaced.set(host, host.registerProvider(providerFromStream(BEDROCK_API, lazyApi(load).streamSimple)));
}

/** Bedrock requests are served by `module` (its `streamSimple`). */
export function setBedrockProviderModule(module: ProviderStreams): void {
  useBedrock(async () => module, "setBedrockProviderModule");
}

/** Bedrock requests are served by the module `load` resolves, loaded on the first request. */
export function setBedrockProviderLoader(load: () => Promise<ProviderStreams>): void {
  useBedrock(load, "setBedrockProviderLoader");
}
