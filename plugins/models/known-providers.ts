// Providers pi knows by name: where their keys live in the environment, their usual endpoint, their default
// model. Only anthropic and openai ship a model catalogue; the others need their models in models.json.

export interface KnownProvider {
  /** environment variables holding the key, first set one wins */
  envVars: readonly string[];
  /** endpoint inherited by models.json models that set no `baseUrl`/`api` */
  api?: string;
  baseUrl?: string;
}

export const KNOWN_PROVIDERS: Readonly<Record<string, KnownProvider>> = {
  anthropic: {
    envVars: ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://api.anthropic.com",
  },
  openai: { envVars: ["OPENAI_API_KEY"], api: "openai-responses", baseUrl: "https://api.openai.com/v1" },
  "azure-openai-responses": { envVars: ["AZURE_OPENAI_API_KEY"] },
  "github-copilot": { envVars: ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"] },
  google: {
    envVars: ["GEMINI_API_KEY"],
    api: "google-generative-ai",
    baseUrl: "https://generativelanguage.googleapis.com/v1beta",
  },
  "google-vertex": { envVars: ["GOOGLE_CLOUD_API_KEY"] },
  "amazon-bedrock": { envVars: ["AWS_BEARER_TOKEN_BEDROCK"] },
  deepseek: { envVars: ["DEEPSEEK_API_KEY"], api: "openai-completions", baseUrl: "https://api.deepseek.com" },
  groq: { envVars: ["GROQ_API_KEY"], api: "openai-completions", baseUrl: "https://api.groq.com/openai/v1" },
  cerebras: { envVars: ["CEREBRAS_API_KEY"], api: "openai-completions", baseUrl: "https://api.cerebras.ai/v1" },
  xai: { envVars: ["XAI_API_KEY"], api: "openai-completions", baseUrl: "https://api.x.ai/v1" },
  openrouter: { envVars: ["OPENROUTER_API_KEY"], api: "openai-completions", baseUrl: "https://openrouter.ai/api/v1" },
  "vercel-ai-gateway": {
    envVars: ["AI_GATEWAY_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://ai-gateway.vercel.sh",
  },
  zai: { envVars: ["ZAI_API_KEY"], api: "openai-completions", baseUrl: "https://api.z.ai/api/coding/paas/v4" },
  mistral: { envVars: ["MISTRAL_API_KEY"], api: "mistral-conversations", baseUrl: "https://api.mistral.ai" },
  minimax: { envVars: ["MINIMAX_API_KEY"], api: "anthropic-messages", baseUrl: "https://api.minimax.io/anthropic" },
  "minimax-cn": {
    envVars: ["MINIMAX_CN_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://api.minimaxi.com/anthropic",
  },
  moonshotai: { envVars: ["MOONSHOT_API_KEY"], api: "openai-completions", baseUrl: "https://api.moonshot.ai/v1" },
  "moonshotai-cn": { envVars: ["MOONSHOT_API_KEY"], api: "openai-completions", baseUrl: "https://api.moonshot.cn/v1" },
  huggingface: { envVars: ["HF_TOKEN"], api: "openai-completions", baseUrl: "https://router.huggingface.co/v1" },
  fireworks: {
    envVars: ["FIREWORKS_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://api.fireworks.ai/inference",
  },
  opencode: { envVars: ["OPENCODE_API_KEY"], api: "openai-completions", baseUrl: "https://opencode.ai/zen/v1" },
  "opencode-go": { envVars: ["OPENCODE_API_KEY"], api: "openai-completions", baseUrl: "https://opencode.ai/zen/go/v1" },
  "kimi-coding": { envVars: ["KIMI_API_KEY"], api: "anthropic-messages", baseUrl: "https://api.kimi.com/coding" },
  "cloudflare-workers-ai": { envVars: ["CLOUDFLARE_API_KEY"] },
  "cloudflare-ai-gateway": { envVars: ["CLOUDFLARE_API_KEY"] },
  xiaomi: { envVars: ["XIAOMI_API_KEY"], api: "anthropic-messages", baseUrl: "https://api.xiaomimimo.com/anthropic" },
  "xiaomi-token-plan-cn": {
    envVars: ["XIAOMI_TOKEN_PLAN_CN_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://token-plan-cn.xiaomimimo.com/anthropic",
  },
  "xiaomi-token-plan-ams": {
    envVars: ["XIAOMI_TOKEN_PLAN_AMS_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://token-plan-ams.xiaomimimo.com/anthropic",
  },
  "xiaomi-token-plan-sgp": {
    envVars: ["XIAOMI_TOKEN_PLAN_SGP_API_KEY"],
    api: "anthropic-messages",
    baseUrl: "https://token-plan-sgp.xiaomimimo.com/anthropic",
  },
};

/**
 * The model picked when nothing else decides, per provider, in order of preference (pi 0.73's list).
 * The first entry whose model is available wins.
 */
export const DEFAULT_MODEL_PER_PROVIDER: Readonly<Record<string, string>> = {
  "amazon-bedrock": "us.anthropic.claude-opus-4-6-v1",
  anthropic: "claude-opus-4-7",
  openai: "gpt-5.4",
  "azure-openai-responses": "gpt-5.4",
  "openai-codex": "gpt-5.5",
  deepseek: "deepseek-v4-pro",
  google: "gemini-3.1-pro-preview",
  "google-vertex": "gemini-3.1-pro-preview",
  "github-copilot": "gpt-5.4",
  openrouter: "moonshotai/kimi-k2.6",
  "vercel-ai-gateway": "zai/glm-5.1",
  xai: "grok-4.20-0309-reasoning",
  groq: "openai/gpt-oss-120b",
  cerebras: "zai-glm-4.7",
  zai: "glm-5.1",
  mistral: "devstral-medium-latest",
  minimax: "MiniMax-M2.7",
  "minimax-cn": "MiniMax-M2.7",
  moonshotai: "kimi-k2.6",
  "moonshotai-cn": "kimi-k2.6",
  huggingface: "moonshotai/Kimi-K2.6",
  fireworks: "accounts/fireworks/models/kimi-k2p6",
  opencode: "kimi-k2.6",
  "opencode-go": "kimi-k2.6",
  "kimi-coding": "kimi-for-coding",
  "cloudflare-workers-ai": "@cf/moonshotai/kimi-k2.6",
  "cloudflare-ai-gateway": "workers-ai/@cf/moonshotai/kimi-k2.6",
  xiaomi: "mimo-v2.5-pro",
  "xiaomi-token-plan-cn": "mimo-v2.5-pro",
  "xiaomi-token-plan-ams": "mimo-v2.5-pro",
  "xiaomi-token-plan-sgp": "mimo-v2.5-pro",
};

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
];

export function knownProvider(name: string): KnownProvider | undefined {
  return Object.hasOwn(KNOWN_PROVIDERS, name) ? KNOWN_PROVIDERS[name] : undefined;
}

