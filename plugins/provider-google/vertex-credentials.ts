// Application Default Credentials for Vertex AI, without Google's auth library: the file named by
// GOOGLE_APPLICATION_CREDENTIALS, else gcloud's `application_default_credentials.json`. A service account signs a
// JWT and trades it for an access token; a user login (`gcloud auth application-default login`) trades its refresh
// token. Tokens are kept until a minute before they expire.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage, PithError } from "../../kernel/index.js";
import { providerFetch } from "../../lib/provider-kit/index.js";

const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const EARLY_REFRESH_MS = 60_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

const tokens = new Map<string, Promise<CachedToken>>();

export function adcPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return env.GOOGLE_APPLICATION_CREDENTIALS;
  const home = env.HOME ?? env.USERPROFILE;
  return home ? join(home, ".config", "gcloud", "application_default_credentials.json") : undefined;
}

/** A Bearer token for Vertex AI from the Application Default Credentials. */
export async function adcAccessToken(signal: AbortSignal, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const path = adcPath(env);
  if (!path) throw noCredentials("no home folder to look in");
  const cached = tokens.get(path);
  if (cached) {
    const token = await cached.catch(() => undefined);
    if (token && token.expiresAt - EARLY_REFRESH_MS > Date.now()) return token.token;
  }
  const fresh = fetchToken(path, signal);
  tokens.set(path, fresh);
  fresh.catch(() => tokens.delete(path));
  return (await fresh).token;
}

async function fetchToken(path: string, signal: AbortSignal): Promise<CachedToken> {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw noCredentials(`${path}: ${errorMessage(error)}`);
  }
  const text = (name: string): string => {
    const value = file[name];
    if (typeof value !== "string" || value === "") throw noCredentials(`${path} has no "${name}"`);
    return value;
  };
  let tokenUrl: string;
  let form: Record<string, string>;
  if (file.type === "service_account") {
    tokenUrl = typeof file.token_uri === "string" ? file.token_uri : GOOGLE_TOKEN_URL;
    form = { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: await signedAssertion(text("client_email"), text("private_key"), tokenUrl) };
  } else if (file.type === "authorized_user") {
    tokenUrl = typeof file.token_uri === "string" ? file.token_uri : GOOGLE_TOKEN_URL;
    form = { grant_type: "refresh_token", client_id: text("client_id"), client_secret: text("client_secret"), refresh_token: text("refresh_token") };
  } else {
    throw noCredentials(`${path} holds credentials of type "${String(file.type)}"; pith reads "service_account" and "authorized_user" ones`);
  }
  const response = await providerFetch()(tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    signal,
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  if (!response.ok || typeof answer.access_token !== "string") {
    const reason = [answer.error, answer.error_description].filter((part) => typeof part === "string").join(": ") || `HTTP ${response.status}`;
    throw new PithError("VERTEX_TOKEN_FAILED", `Google refused the Application Default Credentials in ${path} (${reason}): run \`gcloud auth application-default login\` again or check the service account`);
  }
  const lifetimeMs = (typeof answer.expires_in === "number" ? answer.expires_in : 3600) * 1000;
  return { token: answer.access_token, expiresAt: Date.now() + lifetimeMs };
}

async function signedAssertion(email: string, privateKey: string, audience: string): Promise<string> {
  const { createSign } = await import("node:crypto");
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "RS256", typ: "JWT" })}.${encode({ iss: email, scope: SCOPE, aud: audience, iat: now, exp: now + 3600 })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(privateKey).toString("base64url");
  return `${unsigned}.${signature}`;
}

function noCredentials(detail: string): PithError {
  return new PithError(
    "VERTEX_NO_CREDENTIALS",
    `Vertex AI needs GOOGLE_CLOUD_API_KEY or Application Default Credentials (${detail}): run \`gcloud auth application-default login\` or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file`,
  );
}
