// Where an Azure OpenAI request goes (pi 1.6's rules): the endpoint from AZURE_OPENAI_BASE_URL, else the resource
// AZURE_OPENAI_RESOURCE_NAME, else the model's base URL (models.json); Azure hosts are sent to their `/openai/v1`
// API. The API version comes from AZURE_OPENAI_API_VERSION (default "v1"), and the deployment from
// AZURE_OPENAI_DEPLOYMENT_NAME_MAP ("gpt-5.4=my-deployment,...", else the model id).
import { PithError, type Model } from "../../../kernel/index.js";

export interface AzureTarget {
  baseUrl: string;
  apiVersion: string;
  deployment: string;
}

const AZURE_HOSTS = [".openai.azure.com", ".cognitiveservices.azure.com", ".ai.azure.com"];

export function azureTarget(model: Model, env: NodeJS.ProcessEnv = process.env): AzureTarget {
  const configured =
    env.AZURE_OPENAI_BASE_URL?.trim() ||
    (env.AZURE_OPENAI_RESOURCE_NAME?.trim() ? `https://${env.AZURE_OPENAI_RESOURCE_NAME.trim()}.openai.azure.com/openai/v1` : "") ||
    model.baseUrl;
  if (!configured) {
    throw new PithError(
      "AZURE_ENDPOINT_MISSING",
      "Azure OpenAI needs an endpoint: set AZURE_OPENAI_BASE_URL (https://<resource>.openai.azure.com/openai/v1) or " +
        'AZURE_OPENAI_RESOURCE_NAME, or give the "azure" provider a baseUrl in models.json.',
    );
  }
  return { baseUrl: normalizedBaseUrl(configured), apiVersion: env.AZURE_OPENAI_API_VERSION?.trim() || "v1", deployment: deploymentFor(model.id, env) };
}

function normalizedBaseUrl(configured: string): string {
  let url: URL;
  try {
    url = new URL(configured.trim().replace(/\/+$/, ""));
  } catch {
    throw new PithError("AZURE_ENDPOINT_INVALID", `The Azure OpenAI endpoint "${configured}" is not a URL.`);
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (AZURE_HOSTS.some((suffix) => url.hostname.endsWith(suffix)) && ["", "/openai", "/openai/v1/responses"].includes(path)) {
    url.pathname = "/openai/v1";
    url.search = "";
  }
  return url.toString().replace(/\/+$/, "");
}

function deploymentFor(modelId: string, env: NodeJS.ProcessEnv): string {
  for (const entry of (env.AZURE_OPENAI_DEPLOYMENT_NAME_MAP ?? "").split(",")) {
    const [id, deployment] = entry.split("=", 2).map((part) => part.trim());
    if (id === modelId && deployment) return deployment;
  }
  return modelId;
}
