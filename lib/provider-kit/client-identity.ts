// How pith names itself to providers, in pi 1.6.0's shape with pith's name: a `User-Agent` with pith's version,
// platform and runtime on every request, and the attribution headers some providers take (OpenRouter, NVIDIA NIM,
// OpenCode) only while attribution is on (settings `enableInstallTelemetry`, `PI_TELEMETRY`). They sit under the
// model's and the request's headers, which override them (`null` removes one).
import type { Model, StreamRequest } from "../../kernel/index.js";
import { PITH_VERSION } from "../version/pith-version.js";
import { isOpenCode } from "./opencode-session.js";

/** pith's attribution, in pi-ai's `PI_ATTRIBUTION` shape; pith has no home page, so no url (OpenRouter's `HTTP-Referer`). */
export const PITH_ATTRIBUTION = Object.freeze({ name: "pith", categories: Object.freeze(["cli-agent"]) });

const NVIDIA_NIM_HOST = "integrate.api.nvidia.com";

export function pithUserAgent(): string {
  return `pith/${PITH_VERSION} (${process.platform}; node/${process.version}; ${process.arch})`;
}

function hostIs(baseUrl: string, host: string): boolean {
  try {
    return new URL(baseUrl).hostname === host;
  } catch {
    return false;
  }
}

/** The attribution headers of a request to `model`: none for a provider that takes none. */
export function attributionHeaders(model: Pick<Model, "provider" | "baseUrl">): Record<string, string> {
  const { name, categories } = PITH_ATTRIBUTION;
  if (model.provider === "openrouter" || model.baseUrl.includes("openrouter.ai")) {
    return { "X-OpenRouter-Title": name, "X-OpenRouter-Categories": categories.join(",") };
  }
  // NVIDIA expects the origin capitalised.
  if (model.provider === "nvidia" || hostIs(model.baseUrl, NVIDIA_NIM_HOST)) return { "X-BILLING-INVOKE-ORIGIN": "Pith" };
  if (isOpenCode(model)) return { "x-opencode-client": name };
  return {};
}

/** The client identity headers of a request, the lowest layer of its headers. */
export function clientIdentityHeaders(request: Pick<StreamRequest, "model" | "attribution">): Record<string, string> {
  return { "User-Agent": pithUserAgent(), ...(request.attribution ? attributionHeaders(request.model) : {}) };
}
