// The token endpoint a Google credentials file names. A service account's key file and gcloud's user credentials
// carry `token_uri`; Google's auth library ignores it and always posts to oauth2.googleapis.com (the service
// account's JWT grant is hard-wired to it). pith honours the file: the auth library's requests to Google's token
// endpoint go to the file's `token_uri` instead (a private endpoint, a gateway, a test's loopback server).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FetchFunction } from "../../lib/provider-kit/index.js";

const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const FILES_WITH_TOKEN_URI = new Set(["service_account", "authorized_user"]);

/** The credentials file the auth library reads: GOOGLE_APPLICATION_CREDENTIALS, else gcloud's ADC file. */
export function credentialsFile(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return env.GOOGLE_APPLICATION_CREDENTIALS;
  return env.HOME ? join(env.HOME, ".config", "gcloud", "application_default_credentials.json") : undefined;
}

/** The file's `token_uri` when it names another endpoint than Google's; undefined when unreadable or absent. */
export function customTokenUri(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let parsed: { type?: unknown; token_uri?: unknown };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as typeof parsed;
  } catch {
    return undefined; // the auth library reports the file itself
  }
  const uri = parsed.token_uri;
  if (!FILES_WITH_TOKEN_URI.has(String(parsed.type)) || typeof uri !== "string" || uri === GOOGLE_TOKEN_URL) return undefined;
  return URL.canParse(uri) && /^https?:$/.test(new URL(uri).protocol) ? uri : undefined;
}

/** `fetch`, with requests to Google's token endpoint sent to `tokenUri`. */
export function routeTokenRequests(fetch: FetchFunction, tokenUri: string): FetchFunction {
  return (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return url.split("?")[0] === GOOGLE_TOKEN_URL ? fetch(tokenUri, init) : fetch(input, init);
  };
}
