// Values of `env`, `headers` and `oauth.clientSecret` may name environment variables (`${NAME}`) or be the
// output of a command (`!command`, the whole value), as in pi 1.6.0. Expanded when a server connects, so a
// missing variable is that server's problem only.
import { execFile } from "node:child_process";

const COMMAND_TIMEOUT_MS = 30_000;

export function expandVariables(value: string, env: NodeJS.ProcessEnv, where: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const found = env[name];
    if (found === undefined) throw new Error(`${where} uses \${${name}}, which is not set in the environment`);
    return found;
  });
}

function runCommand(command: string, env: NodeJS.ProcessEnv, where: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("/bin/sh", ["-c", command], { env, timeout: COMMAND_TIMEOUT_MS, signal }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${where}: the command "${command}" failed: ${stderr.trim() || error.message}`));
      else resolve(stdout.trim());
    });
  });
}

export async function expandValue(value: string, env: NodeJS.ProcessEnv, where: string, signal?: AbortSignal): Promise<string> {
  if (value.startsWith("!")) return runCommand(value.slice(1), env, where, signal);
  return expandVariables(value, env, where);
}

export async function expandRecord(
  record: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
  where: string,
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const entries = await Promise.all(Object.entries(record ?? {}).map(async ([key, value]) => [key, await expandValue(value, env, `${where}.${key}`, signal)] as const));
  return Object.fromEntries(entries);
}
