// One Vertex AI call ("google-vertex"): the Gemini body and stream, sent to Vertex's endpoint. With an API key
// (GOOGLE_CLOUD_API_KEY) it goes to the express endpoint; otherwise to the project's regional endpoint with a
// token from the Application Default Credentials. A models.json baseUrl (without the catalogue's `{location}`
// placeholder) replaces the host and takes the publisher path.
import { PithError, type AssistantMessageEvent, type StreamRequest } from "../../kernel/index.js";
import { guardProviderStream, httpAttempt, mergeHeaders, type HttpCall } from "../../lib/provider-kit/index.js";
import { googleRetryDelayMs, readGoogleEvents } from "./google-events.js";
import { buildGoogleRequest } from "./google-request.js";
import { adcAccessToken } from "./vertex-credentials.js";

const EXPRESS_BASE = "https://aiplatform.googleapis.com/v1";

export function streamGoogleVertex(request: StreamRequest): AsyncIterable<AssistantMessageEvent> {
  return guardProviderStream(request, attempt);
}

/** A real key: not pith's "credentials found elsewhere" marker, nor a `<placeholder>`. */
function vertexApiKey(apiKey: string | undefined): string | undefined {
  const key = apiKey?.trim();
  return key && !/^<[^>]+>$/.test(key) ? key : undefined;
}

function customBase(baseUrl: string): string | undefined {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  if (trimmed === "" || trimmed.includes("{location}")) return undefined;
  return new URL(trimmed).pathname.split("/").some((part) => /^v\d+(?:beta\d*)?$/.test(part)) ? trimmed : `${trimmed}/v1`;
}

function projectEndpoint(env: NodeJS.ProcessEnv): string {
  const project = env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT;
  if (!project) throw new PithError("VERTEX_NO_PROJECT", "Vertex AI needs a project: set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT), or use an API key in GOOGLE_CLOUD_API_KEY");
  const location = env.GOOGLE_CLOUD_LOCATION;
  if (!location) throw new PithError("VERTEX_NO_LOCATION", "Vertex AI needs a location: set GOOGLE_CLOUD_LOCATION (for example us-central1 or global)");
  const host = location === "global" ? "aiplatform.googleapis.com" : `${location}-aiplatform.googleapis.com`;
  return `https://${host}/v1/projects/${project}/locations/${location}`;
}

const attempt = httpAttempt({
  build: buildGoogleRequest,
  async target(request) {
    const { model } = request;
    const headers = mergeHeaders(model.headers, request.headers);
    const apiKey = vertexApiKey(request.apiKey);
    let base = customBase(model.baseUrl);
    if (apiKey) {
      headers["x-goog-api-key"] = apiKey;
      base ??= EXPRESS_BASE;
    } else {
      base ??= projectEndpoint(process.env);
      headers["authorization"] = `Bearer ${await adcAccessToken(request.signal)}`;
    }
    return { url: `${base}/publishers/google/models/${encodeURIComponent(model.id)}:streamGenerateContent?alt=sse`, headers };
  },
  read: (body, builder) => readGoogleEvents(body, builder),
  retryAfterMs: googleRetryDelayMs,
} satisfies HttpCall);
