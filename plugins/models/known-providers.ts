// What pith knows of each built-in provider beyond its models: where its key lives in the environment, the
// endpoint models.json models inherit, its default model, and the providers whose SDKs find credentials themselves.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PithError } from "../../kernel/index.js";
import { catalogueIndex, catalogueProvider } from "./catalogue.js";

export interface KnownProvider {
  /** environment variables holding the key, first set one wins */
  envVars: readonly string[];
  /** variables holding a token sent as `Authorization: Bearer` (ANTHROPIC_AUTH_TOKEN), tried before `envVars` */
  bearerEnvVars: readonly string[];
  /** endpoint inherited by models.json models that set no `baseUrl`/`api` */
  api?: string;
  baseUrl?: string;
}

export function knownProvider(name: string): KnownProvider | undefined {
  const entry = catalogueProvider(name);
  if (!entry) return undefined;
  // Azure's endpoint is per resource: it comes from the environment or models.json, never from the catalogue.
  return { envVars: entry.envVars, bearerEnvVars: entry.bearerEnvVars ?? [], api: entry.api, ...(entry.baseUrl ? { baseUrl: entry.baseUrl } : {}) };
}

/**
 * The model picked when nothing else decides, per provider, in pi's order of preference: the first entry whose
 * provider has a key and whose model exists wins.
 */
export function defaultModelIds(): Readonly<Record<string, string>> {
  return catalogueIndex().defaultModels;
}

/** Wire protocols a models.json entry may name (pi's set; a provider plugin must exist to use one). */
export const KNOWN_APIS: readonly string[] = [
  "anthropic-messages",
  "openai-completions",
  "openai-responses",
  "azure-openai-responses",
  "openai-codex-responses",
  "google-generative-ai",
  "google-vertex",
  "mistral-conversations",
  "bedrock-converse-stream",
  "pi-messages",
];

/** The key the registry reports for a provider whose SDK finds its own credentials (pi's marker). */
export const AMBIENT_CREDENTIALS = "<authenticated>";

const AWS_CREDENTIAL_SOURCES: readonly (readonly string[])[] = [
  ["AWS_PROFILE"],
  ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
  ["AWS_BEARER_TOKEN_BEDROCK"],
  ["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"],
  ["AWS_CONTAINER_CREDENTIALS_FULL_URI"],
  ["AWS_WEB_IDENTITY_TOKEN_FILE"],
];

/** What to set for a provider whose SDK finds its own credentials and that has no key variable of its own. */
function ambientCredentialsHint(provider: string): string {
  if (provider === "amazon-bedrock") return `Set AWS credentials (${AWS_CREDENTIAL_SOURCES.map((names) => names.join(" with ")).join(", or ")})`;
  if (provider === "google-vertex") return "Set GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION with Application Default Credentials";
  return `Set "apiKey" for provider "${provider}"`;
}

/**
 * Whether the environment holds credentials the provider's SDK finds on its own: an AWS credential source for
 * Bedrock; Application Default Credentials plus a project and a location for Vertex (pi's rules).
 */
export function hasAmbientCredentials(provider: string, env: NodeJS.ProcessEnv): boolean {
  if (provider === "amazon-bedrock") return AWS_CREDENTIAL_SOURCES.some((names) => names.every((name) => Boolean(env[name])));
  if (provider !== "google-vertex") return false;
  if (!(env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT) || !env.GOOGLE_CLOUD_LOCATION) return false;
  const adc = env.GOOGLE_APPLICATION_CREDENTIALS || (env.HOME ? join(env.HOME, ".config", "gcloud", "application_default_credentials.json") : "");
  return (adc !== "" && existsSync(adc)) || onGoogleCloud(env);
}

/**
 * A metadata server gives the token (beyond pi, whose Vertex needs a credentials file): on Cloud Run or Cloud
 * Functions, on a Compute Engine machine (its BIOS names Google), or where GCE_METADATA_HOST points to one.
 */
function onGoogleCloud(env: NodeJS.ProcessEnv): boolean {
  if (env.GCE_METADATA_HOST || env.GCE_METADATA_IP || env.K_SERVICE || env.CLOUD_RUN_JOB || env.FUNCTION_NAME) return true;
  if (process.platform !== "linux") return false;
  try {
    return /Google/.test(readFileSync("/sys/class/dmi/id/bios_vendor", "utf8"));
  } catch {
    return false;
  }
}

/** The error of a request whose provider has no key: where to put one, for this provider. */
export function noApiKeyError(provider: string, where: { modelsJsonPath: string; authJsonPath: string; canSignIn: boolean }): PithError {
  const known = knownProvider(provider);
  const bearers = known?.bearerEnvVars.length ? ` (or ${known.bearerEnvVars.join(" or ")}, a token sent as Bearer)` : "";
  const first = !known
    ? `Set "apiKey" for provider "${provider}" in ${where.modelsJsonPath}`
    : known.envVars.length > 0
      ? `Set ${known.envVars.join(" or ")}${bearers}`
      : ambientCredentialsHint(provider);
  const login = where.canSignIn ? `, sign in with \`pith login ${provider}\`` : "";
  return new PithError(
    "NO_API_KEY",
    `No API key for provider "${provider}". ${first}${login}, pass --api-key, or add ` +
      `{"${provider}": {"type": "api_key", "key": "..."}} to ${where.authJsonPath}.`,
  );
}
