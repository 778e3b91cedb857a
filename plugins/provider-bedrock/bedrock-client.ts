// The AWS SDK's Bedrock Runtime client, imported on the first Bedrock request (a vendor bundle of its own, see
// build/vendor-modules.mjs) and kept per endpoint, region, credentials and proxy. Credentials come from the SDK's
// standard chain unless a Bedrock API key is given: AWS_PROFILE (keys, SSO, assume-role, credential_process, web
// identity), the environment's keys, the default profile, the container endpoint (ECS, EKS Pod Identity), the EC2
// instance metadata service. HTTP/1.1 through node:http, with pith's CONNECT tunnel when a proxy variable applies.
import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from "@aws-sdk/client-bedrock-runtime";
import type { StreamRequest } from "../../kernel/index.js";
import { proxyFor } from "../../lib/http/proxy-env.js";
import { commonJsExports } from "../../lib/loading/commonjs-exports.js";
import { tunnelAgent } from "../../lib/http/proxy-tunnel.js";
import { ClientCache } from "../../lib/provider-kit/index.js";
import { PITH_VERSION } from "../../lib/version/pith-version.js";
import { bedrockTarget } from "./bedrock-target.js";

type Sdk = typeof import("@aws-sdk/client-bedrock-runtime");
type HttpHandlerModule = typeof import("@smithy/node-http-handler");

let modules: Promise<[Sdk, HttpHandlerModule]> | undefined;
const clients = new ClientCache<BedrockRuntimeClient>();
// Idle sockets close after this, as lib/http's do; the agent unrefs them meanwhile.
const IDLE_SOCKET_MS = 30_000;

// For proxies that need no authentication (pi's AWS_BEDROCK_SKIP_AUTH): signed, but with keys nobody checks.
const DUMMY_CREDENTIALS = { accessKeyId: "dummy-access-key", secretAccessKey: "dummy-secret-key" };

const CREDENTIAL_SOURCES = ["AWS_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_WEB_IDENTITY_TOKEN_FILE"];

// The SDK's own warnings (two credential sources set, say) would print into the terminal UI.
const quietLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** A real key: not pith's "credentials found elsewhere" marker. */
function bearerToken(request: StreamRequest, env: NodeJS.ProcessEnv): string | undefined {
  const key = request.apiKey?.trim();
  if (key && !/^<[^>]+>$/.test(key)) return key;
  return env.AWS_BEARER_TOKEN_BEDROCK || undefined;
}

export interface BedrockClient {
  sdk: Sdk;
  client: BedrockRuntimeClient;
}

export async function bedrockClient(request: StreamRequest, env: NodeJS.ProcessEnv = process.env): Promise<BedrockClient> {
  // The SDK announces on Node 20 that its releases of 2027 will need Node 22; pith runs on Node 20 and bundles
  // this release, so the notice would only garble the terminal.
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const [sdk, { NodeHttpHandler }] = await (modules ??= Promise.all([
    import("@aws-sdk/client-bedrock-runtime").then(commonJsExports),
    import("@smithy/node-http-handler").then(commonJsExports),
  ]));
  const { endpoint, region } = bedrockTarget(request.model, env);
  const skipAuth = env.AWS_BEDROCK_SKIP_AUTH === "1";
  const token = skipAuth ? undefined : bearerToken(request, env);
  const proxy = proxyFor(new URL(endpoint ?? `https://bedrock-runtime.${region ?? "us-east-1"}.amazonaws.com`), env);
  // The SDK settles its credential sources when the client is made: a changed source needs a client of its own.
  const sources = Object.fromEntries(CREDENTIAL_SOURCES.map((name) => [name, env[name] ?? null]));
  const identity = { baseUrl: endpoint ?? "", apiKey: token, headers: { ...sources, region: region ?? null, proxy: proxy?.href ?? null, skipAuth: String(skipAuth) } };
  const client = clients.get(identity, () => {
    const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS };
    const config: BedrockRuntimeClientConfig = {
      ...(region ? { region } : {}),
      ...(endpoint ? { endpoint } : {}),
      ...(env.AWS_PROFILE ? { profile: env.AWS_PROFILE } : {}),
      // retries are the retry plugin's job
      maxAttempts: 1,
      logger: quietLogger,
      // pith's name and version after the SDK's own in its user agent, as pi 1.6.0 adds pi's
      customUserAgent: [["pith", PITH_VERSION]],
      requestHandler: new NodeHttpHandler(
        proxy ? { httpAgent: tunnelAgent(proxy, "http:", agentOptions), httpsAgent: tunnelAgent(proxy, "https:", agentOptions) } : { httpAgent: agentOptions, httpsAgent: agentOptions },
      ),
    };
    if (skipAuth) config.credentials = DUMMY_CREDENTIALS;
    if (token) Object.assign(config, { token: { token }, authSchemePreference: ["httpBearerAuth"] });
    return new sdk.BedrockRuntimeClient(config);
  });
  return { sdk, client };
}
