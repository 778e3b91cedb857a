// Google's Gen AI SDK, imported on the first Gemini or Vertex request (a vendor bundle of its own, see
// build/vendor-modules.mjs), and one client per endpoint and credentials. The Gemini API takes its key; Vertex AI
// takes an API key (the express endpoint, or a models.json base URL) or, without one, the project's regional
// endpoint with Google's auth library and its standard chain: GOOGLE_APPLICATION_CREDENTIALS (a service account, a
// workload identity or external account configuration), gcloud's application default credentials, the GCE/GKE
// metadata server. Model requests and the auth library's token requests go through pith's fetch (proxies, no
// timeout, the caller's signal; a credentials file's own token_uri, see token-uri.ts); the library's own metadata
// and token-exchange requests use its proxy support.
import type { GoogleGenAI, GoogleGenAIOptions, HttpOptions } from "@google/genai";
import { errorMessage, PithError, type StreamRequest } from "../../kernel/index.js";
import { ClientCache, providerFetch } from "../../lib/provider-kit/index.js";
import { credentialsFile, customTokenUri, routeTokenRequests } from "./token-uri.js";

type Sdk = typeof import("@google/genai");

export const GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
/** Vertex's stable version, the one pi uses (the SDK's default is v1beta1). */
const VERTEX_API_VERSION = "v1";

let sdk: Promise<Sdk> | undefined;
const clients = new ClientCache<GoogleGenAI>();

/** A real key: not pith's "credentials found elsewhere" marker, nor a `<placeholder>`. */
export function realApiKey(apiKey: string | undefined): string | undefined {
  const key = apiKey?.trim();
  return key && !/^<[^>]+>$/.test(key) ? key : undefined;
}

/** A models.json base URL for Vertex: used as the host (and version, if it names one) of the publisher path. */
function vertexBaseUrl(baseUrl: string): { baseUrl: string; withVersion: boolean } | undefined {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  if (trimmed === "" || trimmed.includes("{location}")) return undefined;
  return { baseUrl: trimmed, withVersion: new URL(trimmed).pathname.split("/").some((part) => /^v\d+(?:beta\d*)?$/.test(part)) };
}

/** The project and location of the regional endpoint; a custom base URL needs neither. */
function vertexProject(env: NodeJS.ProcessEnv, required: boolean): { project?: string; location?: string } {
  const project = env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT;
  if (!required) return { ...(project ? { project } : {}), ...(env.GOOGLE_CLOUD_LOCATION ? { location: env.GOOGLE_CLOUD_LOCATION } : {}) };
  if (!project) throw new PithError("VERTEX_NO_PROJECT", "Vertex AI needs a project: set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT), or use an API key in GOOGLE_CLOUD_API_KEY");
  const location = env.GOOGLE_CLOUD_LOCATION;
  if (!location) throw new PithError("VERTEX_NO_LOCATION", "Vertex AI needs a location: set GOOGLE_CLOUD_LOCATION (for example us-central1 or global)");
  return { project, location };
}

/** The client options for this request's endpoint and credentials (no SDK needed to decide them). */
export function googleClientOptions(request: StreamRequest, sdkScope: Sdk["ResourceScope"], env: NodeJS.ProcessEnv = process.env): GoogleGenAIOptions {
  const { model } = request;
  const fetch = providerFetch(env);
  const apiKey = realApiKey(request.apiKey);
  if (model.api !== "google-vertex") {
    if (!apiKey) throw new PithError("GOOGLE_NO_API_KEY", `No API key for ${model.provider}: set GEMINI_API_KEY (a key from https://aistudio.google.com/apikey)`);
    if (!model.baseUrl) throw new PithError("GOOGLE_NO_BASE_URL", `Model ${model.provider}/${model.id} has no baseUrl (the Gemini API's is ${GEMINI_BASE_URL})`);
    // the base URL names the version ("…/v1beta"), so the SDK adds none
    return { vertexai: false, apiKey, httpOptions: { baseUrl: model.baseUrl.replace(/\/+$/, ""), apiVersion: "", fetch } };
  }
  const custom = vertexBaseUrl(model.baseUrl);
  const httpOptions: HttpOptions = { fetch };
  if (custom) {
    httpOptions.baseUrl = custom.baseUrl;
    httpOptions.baseUrlResourceScope = sdkScope.COLLECTION;
    if (custom.withVersion) httpOptions.apiVersion = "";
  }
  if (apiKey) return { vertexai: true, apiKey, apiVersion: VERTEX_API_VERSION, httpOptions };
  const keyFilename = env.GOOGLE_APPLICATION_CREDENTIALS || undefined;
  const tokenUri = customTokenUri(credentialsFile(env));
  const authFetch = tokenUri ? routeTokenRequests(fetch, tokenUri) : fetch;
  return {
    vertexai: true,
    ...vertexProject(env, !custom),
    apiVersion: VERTEX_API_VERSION,
    googleAuthOptions: {
      ...(keyFilename ? { keyFilename } : {}),
      clientOptions: { transporterOptions: { fetchImplementation: authFetch as never } },
    },
    httpOptions,
  };
}

export async function googleClient(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): Promise<GoogleGenAI> {
  const loaded = await (sdk ??= import("@google/genai"));
  // The auth library settles its credential source when the client is made: a changed source needs a client of its own.
  // The options (which read the credentials file for its token_uri) are made only with a new client.
  const sources = {
    credentials: env.GOOGLE_APPLICATION_CREDENTIALS ?? null,
    project: env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT || null,
    location: env.GOOGLE_CLOUD_LOCATION ?? null,
    metadata: env.GCE_METADATA_HOST ?? null,
    home: env.HOME ?? null,
    fetch: env.PITH_FETCH ?? null,
  };
  const identity = { baseUrl: `${request.model.api} ${request.model.baseUrl}`, apiKey: realApiKey(request.apiKey), headers: sources };
  return clients.get(identity, () => quietly(() => new loaded.GoogleGenAI(googleClientOptions(request, loaded.ResourceScope, env))));
}

/**
 * The SDK's constructor tells the console which of two credentials it prefers (an explicit Vertex key over the
 * project in the environment, say); in pith that text would land in the answer or the terminal UI.
 */
function quietly<T>(make: () => T): T {
  const { debug, warn } = console;
  console.debug = console.warn = () => {};
  try {
    return make();
  } finally {
    Object.assign(console, { debug, warn });
  }
}

interface AuthLibraryError {
  name?: string;
  code?: unknown;
  response?: { status?: number; data?: { error?: unknown; error_description?: unknown } };
}

/** What the auth library throws before a Vertex request goes out, said as what to do about it. */
export function credentialsFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failure = error as Error & AuthLibraryError;
  if (failure.name === "GaxiosError") {
    const data = failure.response?.data;
    const reason = [data?.error, data?.error_description].filter((part) => typeof part === "string").join(": ") || (failure.response?.status ? `HTTP ${failure.response.status}` : error.message);
    return new PithError(
      "VERTEX_TOKEN_FAILED",
      `Google did not give Vertex AI an access token (${reason}): run \`gcloud auth application-default login\` again, or check GOOGLE_APPLICATION_CREDENTIALS and the proxy settings`,
    );
  }
  if (/default credentials|ENOENT|no such file|credentials file|private_key|client_email|JSON/i.test(error.message)) {
    return new PithError(
      "VERTEX_NO_CREDENTIALS",
      `Vertex AI needs GOOGLE_CLOUD_API_KEY or Application Default Credentials (${errorMessage(error)}): run \`gcloud auth application-default login\` or set GOOGLE_APPLICATION_CREDENTIALS to a service account or workload identity file`,
    );
  }
  return error;
}
