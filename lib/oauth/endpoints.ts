// Where a provider's sign-in server is. Each provider's flow names its real URLs; a company that reaches them
// through a gateway, or a test with its own authorization server, points the provider's variable at another
// origin (`PITH_OAUTH_ANTHROPIC_URL=https://gateway.example/anthropic`): the path of every URL is kept and put
// under it. The variables have pith's prefix and the provider's name, so no other tool's setting moves them, and
// a sign-in says which server it uses whenever one is set (see docs/providers.md).
import { PithError } from "../../kernel/index.js";

export const ENDPOINT_VARIABLES: Readonly<Record<string, string>> = {
  anthropic: "PITH_OAUTH_ANTHROPIC_URL",
  "openai-codex": "PITH_OAUTH_OPENAI_URL",
  "github-copilot": "PITH_OAUTH_GITHUB_URL",
  openrouter: "PITH_OAUTH_OPENROUTER_URL",
};

export interface SignInEndpoints {
  /** `real` (an https URL of the provider's), or the same path under the configured origin */
  url(real: string): string;
  /** the variable and value in effect, to tell the user */
  override?: { variable: string; value: string };
  /** the provider's API as models.json sets it (`baseUrl`), where a sign-in calls it (Copilot's model list) */
  apiBaseUrl?: string;
}

export function signInEndpoints(provider: string, env: NodeJS.ProcessEnv = process.env, apiBaseUrl?: string): SignInEndpoints {
  const variable = ENDPOINT_VARIABLES[provider];
  const value = variable ? env[variable]?.trim() : undefined;
  if (!variable || !value) return { url: (real) => real, apiBaseUrl };
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new PithError("OAUTH_ENDPOINT_INVALID", `${variable} must be an http(s) URL, not "${value}"`);
  }
  const base = value.replace(/\/+$/, "");
  return {
    url(real) {
      const { pathname, search } = new URL(real);
      return `${base}${pathname}${search}`;
    },
    override: { variable, value },
    apiBaseUrl,
  };
}
