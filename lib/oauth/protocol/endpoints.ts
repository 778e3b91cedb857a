// Where a provider's sign-in server is. Each provider's flow names its real URLs; a company that reaches them
// through a gateway, or a test with its own authorization server, points the provider's variable at another
// origin (`PITH_OAUTH_ANTHROPIC_URL=https://gateway.example/anthropic`): the path of every URL is kept and put
// under it. The variables have pith's prefix and the provider's name, so no other tool's setting moves them (Kimi
// also honours the two variables pi 1.6.0 reads for it), and a sign-in says which server it uses whenever one is
// set (see docs/providers.md).
import { PithError } from "../../../kernel/index.js";

/** per provider, the variables that move its sign-in server, the first set one winning */
const ENDPOINT_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  anthropic: ["PITH_OAUTH_ANTHROPIC_URL"],
  "openai-codex": ["PITH_OAUTH_OPENAI_URL"],
  openai: ["PITH_OAUTH_OPENAI_URL"],
  "github-copilot": ["PITH_OAUTH_GITHUB_URL"],
  openrouter: ["PITH_OAUTH_OPENROUTER_URL"],
  xai: ["PITH_OAUTH_XAI_URL"],
  "kimi-coding": ["PITH_OAUTH_KIMI_URL", "KIMI_CODE_OAUTH_HOST", "KIMI_OAUTH_HOST"],
  meta: ["PITH_OAUTH_META_URL"],
  radius: ["PITH_OAUTH_RADIUS_URL"],
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
  const variable = ENDPOINT_VARIABLES[provider]?.find((name) => env[name]?.trim());
  const value = variable ? env[variable]!.trim() : undefined;
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
