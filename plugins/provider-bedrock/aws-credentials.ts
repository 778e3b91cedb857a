// Where Bedrock's AWS credentials come from, in the AWS SDK's order: a named profile (AWS_PROFILE) from
// ~/.aws/credentials and ~/.aws/config (keys, or a `credential_process`); else the environment's key pair; else the
// default profile; else the container endpoint (ECS, EKS Pod Identity). SSO profiles, web identity and the EC2
// instance metadata service are not read: `credential_process = aws configure export-credentials --profile NAME
// --format process` bridges any of them.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { errorMessage, PithError } from "../../kernel/index.js";
import { providerFetch } from "../../lib/provider-kit/index.js";
import type { AwsCredentials } from "./sigv4.js";

type IniSections = Map<string, Record<string, string>>;

/** `[name]` sections of key = value lines; the config file's sections are `[profile name]` except `[default]`. */
export function parseIni(text: string): IniSections {
  const sections: IniSections = new Map();
  let current: Record<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+|\s+$/g, "");
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[\s*(.+?)\s*\]$/.exec(line);
    if (section) {
      current = {};
      sections.set(section[1]!, current);
    } else if (current && line.includes("=")) {
      const at = line.indexOf("=");
      current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return sections;
}

async function readIni(path: string): Promise<IniSections> {
  try {
    return parseIni(await readFile(path, "utf8"));
  } catch {
    return new Map();
  }
}

export interface AwsProfile {
  name: string;
  /** credentials and config entries of the profile, credentials file first */
  values: Record<string, string>;
}

export async function readProfile(name: string, env: NodeJS.ProcessEnv): Promise<AwsProfile | undefined> {
  const home = env.HOME ?? homedir();
  const [credentials, config] = await Promise.all([
    readIni(env.AWS_SHARED_CREDENTIALS_FILE ?? join(home, ".aws", "credentials")),
    readIni(env.AWS_CONFIG_FILE ?? join(home, ".aws", "config")),
  ]);
  const fromConfig = config.get(name === "default" ? "default" : `profile ${name}`) ?? (name === "default" ? undefined : config.get(name));
  const fromCredentials = credentials.get(name);
  if (!fromConfig && !fromCredentials) return undefined;
  return { name, values: { ...fromConfig, ...fromCredentials } };
}

export async function awsCredentials(env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<AwsCredentials> {
  if (env.AWS_PROFILE) {
    const profile = await readProfile(env.AWS_PROFILE, env);
    if (!profile) throw noCredentials(`AWS_PROFILE names "${env.AWS_PROFILE}", which is in neither ~/.aws/credentials nor ~/.aws/config`);
    return profileCredentials(profile, signal);
  }
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
  }
  const fallback = await readProfile("default", env);
  if (fallback) return profileCredentials(fallback, signal);
  if (env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI) return containerCredentials(env, signal);
  throw noCredentials("none of AWS_PROFILE, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_BEARER_TOKEN_BEDROCK, a default profile or a container endpoint is set");
}

async function profileCredentials(profile: AwsProfile, signal: AbortSignal): Promise<AwsCredentials> {
  const { values } = profile;
  if (values.aws_access_key_id && values.aws_secret_access_key) {
    return {
      accessKeyId: values.aws_access_key_id,
      secretAccessKey: values.aws_secret_access_key,
      ...(values.aws_session_token ? { sessionToken: values.aws_session_token } : {}),
    };
  }
  if (values.credential_process) return processCredentials(profile.name, values.credential_process, signal);
  const kind = values.sso_session || values.sso_start_url ? "an SSO login" : values.role_arn ? "a role to assume" : "no keys";
  throw noCredentials(
    `profile "${profile.name}" holds ${kind}, which pith does not read itself: add \`credential_process = aws configure export-credentials --profile ${profile.name} --format process\` to a profile and use that one`,
  );
}

/** `credential_process`: a command that prints `{Version: 1, AccessKeyId, SecretAccessKey, SessionToken?}`. */
async function processCredentials(profile: string, command: string, signal: AbortSignal): Promise<AwsCredentials> {
  const { execFile } = await import("node:child_process");
  const output = await new Promise<string>((resolve, reject) => {
    execFile("/bin/sh", ["-c", command], { signal, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(noCredentials(`the credential_process of profile "${profile}" failed: ${stderr.trim() || errorMessage(error)}`));
      else resolve(stdout);
    });
  });
  let parsed: { AccessKeyId?: unknown; SecretAccessKey?: unknown; SessionToken?: unknown };
  try {
    parsed = JSON.parse(output) as typeof parsed;
  } catch {
    throw noCredentials(`the credential_process of profile "${profile}" did not print JSON`);
  }
  if (typeof parsed.AccessKeyId !== "string" || typeof parsed.SecretAccessKey !== "string") {
    throw noCredentials(`the credential_process of profile "${profile}" printed no AccessKeyId and SecretAccessKey`);
  }
  return { accessKeyId: parsed.AccessKeyId, secretAccessKey: parsed.SecretAccessKey, ...(typeof parsed.SessionToken === "string" ? { sessionToken: parsed.SessionToken } : {}) };
}

/** ECS task roles and EKS Pod Identity: a local endpoint that answers with temporary keys. */
async function containerCredentials(env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<AwsCredentials> {
  const url = env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ? `http://169.254.170.2${env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI}` : env.AWS_CONTAINER_CREDENTIALS_FULL_URI!;
  const token = env.AWS_CONTAINER_AUTHORIZATION_TOKEN ?? (env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE ? (await readFile(env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE, "utf8")).trim() : undefined);
  const response = await providerFetch()(url, { headers: token ? { authorization: token } : {}, signal });
  const answer = (await response.json().catch(() => ({}))) as { AccessKeyId?: unknown; SecretAccessKey?: unknown; Token?: unknown };
  if (!response.ok || typeof answer.AccessKeyId !== "string" || typeof answer.SecretAccessKey !== "string") {
    throw noCredentials(`the container credentials endpoint ${url} answered HTTP ${response.status} without keys`);
  }
  return { accessKeyId: answer.AccessKeyId, secretAccessKey: answer.SecretAccessKey, ...(typeof answer.Token === "string" ? { sessionToken: answer.Token } : {}) };
}

function noCredentials(detail: string): PithError {
  return new PithError("BEDROCK_NO_CREDENTIALS", `No AWS credentials for Amazon Bedrock: ${detail}`);
}
