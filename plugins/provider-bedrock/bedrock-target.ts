// Which Bedrock endpoint and region a request goes to, by pi's rules: the region of an ARN model id, else
// AWS_REGION / AWS_DEFAULT_REGION, else (with AWS_PROFILE) the profile's, which the SDK reads, else the region of a
// standard base URL, else us-east-1. A base URL that is not the standard `bedrock-runtime.<region>.amazonaws.com`
// (a VPC endpoint, a proxy) is always used; a standard one only when nothing else names a region.
// AWS_ENDPOINT_URL_BEDROCK_RUNTIME and AWS_ENDPOINT_URL win over both; the SDK reads them itself.
import type { Model } from "../../kernel/index.js";

export interface BedrockTarget {
  /** undefined: the SDK's (the regional endpoint, or the endpoint variables) */
  endpoint?: string;
  /** undefined: the SDK's (the profile's region) */
  region?: string;
}

const FALLBACK_REGION = "us-east-1";

function standardEndpointRegion(baseUrl: string): string | undefined {
  try {
    return /^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$/.exec(new URL(baseUrl).hostname.toLowerCase())?.[1];
  } catch {
    return undefined;
  }
}

export function bedrockTarget(model: Model, env: NodeJS.ProcessEnv): BedrockTarget {
  const configured = env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined;
  const endpointRegion = model.baseUrl ? standardEndpointRegion(model.baseUrl) : undefined;
  const useBaseUrl = Boolean(model.baseUrl) && (!endpointRegion || (!configured && !env.AWS_PROFILE));
  const arnRegion = /^arn:aws(?:-[a-z0-9-]+)?:bedrock:([a-z0-9-]+):/.exec(model.id)?.[1];
  const region = arnRegion ?? configured ?? (useBaseUrl ? endpointRegion : undefined) ?? (env.AWS_PROFILE ? undefined : FALLBACK_REGION);
  const override = Boolean(env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME || env.AWS_ENDPOINT_URL);
  return { ...(useBaseUrl && !override ? { endpoint: model.baseUrl.replace(/\/+$/, "") } : {}), ...(region ? { region } : {}) };
}

/** Claude on Bedrock, by id or by name (an application inference profile's ARN does not say). */
export function isClaude(model: Model): boolean {
  const id = model.id.toLowerCase();
  const name = model.name?.toLowerCase() ?? "";
  return id.includes("anthropic.claude") || id.includes("anthropic/claude") || name.includes("claude");
}

/** The id and name in the spellings the model checks compare with ("opus-4-6" for "Opus 4.6"). */
export function modelNames(model: Model): string[] {
  return [model.id, model.name].filter(Boolean).flatMap((value) => {
    const lower = value.toLowerCase();
    return [lower, lower.replace(/[\s_.:]+/g, "-")];
  });
}

export function namesInclude(model: Model, ...fragments: string[]): boolean {
  return modelNames(model).some((name) => fragments.some((fragment) => name.includes(fragment)));
}
