// The Gemini API ("google-generative-ai") and Vertex AI ("google-vertex") against the mock server's Gemini
// stream: the request body and headers, thinking, signatures, tool calls, images, usage and every kind of failure.
import { createVerify, generateKeyPairSync } from "node:crypto";
import fs, { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Model } from "../../kernel/model.js";
import { providerErrorDetails } from "../../lib/provider-kit/assistant-builder.js";
import { streamGoogleGenerativeAi, streamGoogleVertex } from "../../plugins/provider-google/index.js";
import type { MockLlm } from "../support/mock-llm/index.js";
import { assistant, collect, eventTrace, finalMessage, PIXEL_PNG, READ_TOOL, streamRequest, testModel, toolResult, user } from "./support/models.js";
import { useSharedMock } from "./support/request-bodies.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { startTestServer } from "./support/http-server.js";
import { removeAfterTest } from "../support/temp-folders.js";

let mock: MockLlm;
useSharedMock((started) => (mock = started));

/** How often `run` reads `file` with readFileSync (node:fs's named export included, through syncBuiltinESMExports). */
async function countFileReads(file: string, run: () => Promise<void>): Promise<number> {
  const original = fs.readFileSync;
  let reads = 0;
  fs.readFileSync = ((path: Parameters<typeof original>[0], ...rest: unknown[]) => {
    if (String(path) === file) reads++;
    return (original as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof original;
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    fs.readFileSync = original;
    syncBuiltinESMExports();
  }
  return reads;
}

const READ_TOOL_NAMED = (name: string) => ({ ...READ_TOOL, name });

restoreEnvironmentAfterEach(["GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GCLOUD_PROJECT", "HOME", "METADATA_SERVER_DETECTION", "GCE_METADATA_HOST"]);

const gemini = (overrides: Partial<Model> = {}): Model =>
  testModel("openai-responses", mock.url, { api: "google-generative-ai", provider: "google", id: "gemini-2.5-flash", baseUrl: `${mock.url}/v1beta`, ...overrides });

describe("google-generative-ai", () => {
  it("sends the Gemini body to streamGenerateContent with the key, and maps thinking, text, signature and usage", async () => {
    mock.enqueue({ thinking: "Plan it.", text: "Done.", thinkingSignature: "c2lnbmF0dXJl", usage: { input: 10, output: 5, cacheRead: 20 } });
    const model = gemini({ reasoning: true });
    const events = await collect(streamGoogleGenerativeAi(streamRequest(model, { thinkingLevel: "high", apiKey: "gemini-key", temperature: 0.3 })));
    expect(eventTrace(events).filter((entry) => !entry.includes("_delta"))).toEqual(["start", "thinking_start:0", "thinking_end:0", "text_start:1", "text_end:1", "done"]);
    const message = finalMessage(events);
    expect(message).toMatchObject({ api: "google-generative-ai", provider: "google", stopReason: "stop", responseId: "mock-response-1" });
    expect(message.content).toEqual([
      { type: "thinking", thinking: "Plan it." },
      { type: "text", text: "Done.", textSignature: "c2lnbmF0dXJl" },
    ]);
    expect(message.usage).toMatchObject({ input: 10, output: 5, cacheRead: 20, cacheWrite: 0, totalTokens: 35 });
    expect(message.usage.cost.total).toBeGreaterThan(0);
    const sent = mock.requests[0]!;
    expect(sent.api).toBe("google-generative-ai");
    expect(sent.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    expect(sent.headers["x-goog-api-key"]).toBe("gemini-key");
    expect(sent.body).toEqual({
      contents: [{ role: "user", parts: [{ text: "Hello" }] }],
      systemInstruction: { role: "user", parts: [{ text: "You are a test assistant." }] },
      generationConfig: { temperature: 0.3, maxOutputTokens: 64000, thinkingConfig: { includeThoughts: true, thinkingBudget: 24576 } },
    });
  });

  it("asks Gemini 3 for a thinking level, and the lowest level when thinking is off but cannot be", async () => {
    const model = gemini({ id: "gemini-3-pro-preview", reasoning: true, thinkingLevelMap: { off: null, minimal: null, low: "LOW", medium: null, high: "HIGH" } });
    await collect(streamGoogleGenerativeAi(streamRequest(model, { thinkingLevel: "medium" })));
    await collect(streamGoogleGenerativeAi(streamRequest(model, { thinkingLevel: "off" })));
    await collect(streamGoogleGenerativeAi(streamRequest(gemini({ reasoning: true }), { thinkingLevel: "off" })));
    const configs = mock.requests.map((request) => (request.body.generationConfig as { thinkingConfig?: unknown }).thinkingConfig);
    expect(configs).toEqual([{ includeThoughts: true, thinkingLevel: "HIGH" }, { thinkingLevel: "LOW" }, { thinkingBudget: 0 }]);
  });

  it("sends Gemini 3 the strict schemas of tools that ask for constrained sampling, in VALIDATED mode (pi 1.6.0)", async () => {
    const strictRead = {
      name: "read",
      description: "Read a file",
      parameters: { type: "object", properties: { path: { type: "string" }, offset: { type: "number" }, mode: { type: "string", const: "text" } }, required: ["path"] },
      constrainedSampling: { type: "json_schema" as const, strict: "prefer" as const },
    };
    const tools = [strictRead, READ_TOOL_NAMED("grep")];
    await collect(streamGoogleGenerativeAi(streamRequest(gemini({ id: "gemini-3-pro-preview" }), { tools })));
    await collect(streamGoogleGenerativeAi(streamRequest(gemini({ id: "gemini-2.5-pro" }), { tools })));
    const [three, two] = mock.requests;
    expect(three!.body.toolConfig).toEqual({ functionCallingConfig: { mode: "VALIDATED" } });
    expect(three!.body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "read",
            description: "Read a file",
            parametersJsonSchema: {
              type: "object",
              properties: { path: { type: "string" }, offset: { anyOf: [{ type: "number" }, { type: "null" }] }, mode: { anyOf: [{ type: "string", enum: ["text"] }, { type: "null" }] } },
              required: ["path", "offset", "mode"],
              additionalProperties: false,
            },
          },
          { name: "grep", description: "Read a file", parametersJsonSchema: READ_TOOL.parameters },
        ],
      },
    ]);
    // Gemini 2 gets the schemas as they are, and Gemini picks (no toolConfig)
    expect(two!.body.toolConfig).toBeUndefined();
    expect((two!.body.tools as [{ functionDeclarations: { parametersJsonSchema: unknown }[] }])[0].functionDeclarations[0]!.parametersJsonSchema).toEqual({
      ...strictRead.parameters,
      properties: { ...strictRead.parameters.properties, mode: { type: "string", enum: ["text"] } },
    });
  });

  it("streams a tool call whole, and replays it with its signature, the result and an image in one user turn", async () => {
    mock.enqueue({ thinkingSignature: "dG9vbA==", toolCalls: [{ id: "call-7", name: "read", arguments: { path: "a.ts" } }] });
    const model = gemini({ id: "gemini-3-flash-preview" });
    const first = finalMessage(await collect(streamGoogleGenerativeAi(streamRequest(model, { tools: [READ_TOOL] }))));
    expect(first.stopReason).toBe("toolUse");
    expect(first.content).toEqual([{ type: "toolCall", id: "call-7", name: "read", arguments: { path: "a.ts" }, thoughtSignature: "dG9vbA==" }]);
    expect(mock.requests[0]!.body.tools).toEqual([{ functionDeclarations: [{ name: "read", description: "Read a file", parametersJsonSchema: READ_TOOL.parameters }] }]);

    const messages = [
      user([{ type: "text", text: "look" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
      first,
      toolResult("call-7", "read", [{ type: "text", text: "contents" }, { type: "image", data: PIXEL_PNG, mimeType: "image/png" }]),
    ];
    await collect(streamGoogleGenerativeAi(streamRequest(model, { tools: [READ_TOOL], messages })));
    expect(mock.requests[1]!.body.contents).toEqual([
      { role: "user", parts: [{ text: "look" }, { inlineData: { mimeType: "image/png", data: PIXEL_PNG } }] },
      { role: "model", parts: [{ functionCall: { name: "read", args: { path: "a.ts" }, id: "call-7" }, thoughtSignature: "dG9vbA==" }] },
      {
        role: "user",
        parts: [{ functionResponse: { name: "read", response: { output: "contents" }, parts: [{ inlineData: { mimeType: "image/png", data: PIXEL_PNG } }], id: "call-7" } }],
      },
    ]);
  });

  it("makes up ids for calls Gemini sends without one, and drops another model's signatures", async () => {
    mock.enqueue({ toolCalls: [{ name: "read", arguments: { path: "a" } }, { name: "read", arguments: { path: "b" } }] });
    const message = finalMessage(await collect(streamGoogleGenerativeAi(streamRequest(gemini(), { tools: [READ_TOOL] }))));
    const ids = message.content.map((block) => (block.type === "toolCall" ? block.id : ""));
    expect(ids[0]).toMatch(/^read_\d+_\d+$/);
    expect(new Set(ids).size).toBe(2);

    const foreign = assistant(gemini({ id: "gemini-2.5-pro" }), [{ type: "text", text: "Earlier.", textSignature: "c2ln" }]);
    await collect(streamGoogleGenerativeAi(streamRequest(gemini(), { messages: [user("a"), foreign, user("b")] })));
    expect((mock.requests[1]!.body.contents as unknown[])[1]).toEqual({ role: "model", parts: [{ text: "Earlier." }] });
  });

  it("reports a quota error with Google's retry delay, an in-stream error, a malformed chunk and a dropped stream", async () => {
    const quota = { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "7s" }] } };
    mock.enqueue(
      { error: { status: 429, body: quota } },
      { text: "partial", streamError: { type: "INTERNAL", message: "backend failed" } },
      { text: "partial", malformed: true },
      { text: "partial answer", dropAfterChunks: 2 },
      { error: { status: 400, message: "The input token count (2000000) exceeds the maximum number of tokens allowed (1048576)." } },
    );
    const run = async () => finalMessage(await collect(streamGoogleGenerativeAi(streamRequest(gemini()))));
    const limited = await run();
    expect(limited.errorMessage).toBe("429 RESOURCE_EXHAUSTED: Quota exceeded");
    expect(providerErrorDetails(limited)).toMatchObject({ kind: "http", status: 429, retryAfterMs: 7000, errorType: "RESOURCE_EXHAUSTED" });
    const inStream = await run();
    expect(inStream.errorMessage).toBe("INTERNAL: backend failed");
    expect(providerErrorDetails(inStream)).toMatchObject({ kind: "stream", errorType: "INTERNAL" });
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "invalid_response" });
    const dropped = await run();
    expect(dropped.stopReason).toBe("error");
    expect(providerErrorDetails(dropped)?.kind).toMatch(/network|stream/);
    expect(providerErrorDetails(await run())).toMatchObject({ kind: "overflow", status: 400 });
  });

  it("ends aborted when the signal fires mid-stream", async () => {
    mock.enqueue({ text: ["one ", "two ", "three"], delayMs: 200 });
    const controller = new AbortController();
    const events: string[] = [];
    let message;
    for await (const event of streamGoogleGenerativeAi(streamRequest(gemini(), { signal: controller.signal }))) {
      events.push(event.type);
      if (event.type === "text_delta") controller.abort();
      if (event.type === "error") message = event.error;
    }
    expect(message?.stopReason).toBe("aborted");
    expect(message?.errorMessage).toBe("Request was aborted");
  });
});

describe("google-vertex", () => {
  const vertex = (overrides: Partial<Model> = {}): Model =>
    gemini({ api: "google-vertex", provider: "google-vertex", baseUrl: mock.url, ...overrides });

  it("sends an API key to the publisher path of a custom base URL", async () => {
    mock.enqueue({ text: "From Vertex." });
    const message = finalMessage(await collect(streamGoogleVertex(streamRequest(vertex(), { apiKey: "vertex-key" }))));
    expect(message.content).toEqual([{ type: "text", text: "From Vertex.", textSignature: "mock-signature-1" }]);
    const sent = mock.requests[0]!;
    expect(sent.api).toBe("google-vertex");
    expect(sent.path).toBe("/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    expect(sent.headers["x-goog-api-key"]).toBe("vertex-key");
  });

  /** Vertex with Application Default Credentials: the regional endpoint's project, a custom host (the mock). */
  const adcRun = async () =>
    finalMessage(await collect(streamGoogleVertex(streamRequest(vertex({ baseUrl: mock.url }), { apiKey: "<authenticated>" }))));

  function useAdcEnvironment(): void {
    process.env.HOME = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-vertex-home-")));
    process.env.GOOGLE_CLOUD_PROJECT = "proj";
    process.env.GOOGLE_CLOUD_LOCATION = "us-central1";
    // the auth library must never look for a real metadata server
    process.env.METADATA_SERVER_DETECTION = "none";
    delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
  }

  it("trades a workload identity federation file's subject token at its STS endpoint once, and sends the token as Bearer", async () => {
    useAdcEnvironment();
    const sts = await startTestServer();
    sts.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ access_token: "ya29.federated", issued_token_type: "urn:ietf:params:oauth:token-type:access_token", token_type: "Bearer", expires_in: 3600 }));
    });
    try {
      const folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-vertex-")));
      writeFileSync(join(folder, "subject.jwt"), "subject-token-from-the-platform");
      const audience = "//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/pool/providers/oidc";
      const configuration = { type: "external_account", audience, subject_token_type: "urn:ietf:params:oauth:token-type:jwt", token_url: `${sts.url}/v1/token`, credential_source: { file: join(folder, "subject.jwt") } };
      writeFileSync(join(folder, "wif.json"), JSON.stringify(configuration));
      process.env.GOOGLE_APPLICATION_CREDENTIALS = join(folder, "wif.json");
      mock.enqueue({ text: "one" }, { text: "two" });
      expect((await adcRun()).stopReason).toBe("stop");
      expect((await adcRun()).stopReason).toBe("stop");
      expect(sts.requests).toHaveLength(1);
      const exchange = new URLSearchParams(sts.requests[0]!.body.toString());
      expect(exchange.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:token-exchange");
      expect(exchange.get("subject_token")).toBe("subject-token-from-the-platform");
      expect(exchange.get("audience")).toBe(audience);
      expect(mock.requests.map((request) => request.headers.authorization)).toEqual(["Bearer ya29.federated", "Bearer ya29.federated"]);
      expect(mock.requests[0]!.path).toBe("/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    } finally {
      await sts.close();
    }
  });

  it("trades a service account's signed JWT, and gcloud's user refresh token, at the token_uri their files name", async () => {
    useAdcEnvironment();
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const tokens = await startTestServer();
    tokens.handle((_request, response) => {
      const grant = new URLSearchParams(tokens.requests.at(-1)!.body.toString());
      const token = grant.get("grant_type") === "refresh_token" ? "ya29.user" : "ya29.service-account";
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: 3600 }));
    });
    try {
      const folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-vertex-")));
      const serviceAccount = {
        type: "service_account",
        project_id: "proj",
        private_key_id: "key-1",
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
        client_email: "pith-test@proj.iam.gserviceaccount.com",
        client_id: "1",
        token_uri: `${tokens.url}/token`,
      };
      writeFileSync(join(folder, "service-account.json"), JSON.stringify(serviceAccount));
      process.env.GOOGLE_APPLICATION_CREDENTIALS = join(folder, "service-account.json");
      mock.enqueue({ text: "as the service account" }, { text: "again" });
      // the credentials file is read (for its token_uri) when the client is made, not on every request
      const reads = await countFileReads(process.env.GOOGLE_APPLICATION_CREDENTIALS, async () => {
        expect((await adcRun()).stopReason).toBe("stop");
        expect((await adcRun()).stopReason).toBe("stop");
      });
      expect(reads).toBe(1);
      expect(tokens.requests.map((request) => request.path)).toEqual(["/token"]);
      const grant = new URLSearchParams(tokens.requests[0]!.body.toString());
      expect(grant.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
      const [header, claims, signature] = grant.get("assertion")!.split(".");
      expect(createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature!, "base64url"))).toBe(true);
      expect(JSON.parse(Buffer.from(claims!, "base64url").toString())).toMatchObject({ iss: serviceAccount.client_email, scope: "https://www.googleapis.com/auth/cloud-platform" });
      expect(mock.requests.at(-1)!.headers.authorization).toBe("Bearer ya29.service-account");

      // gcloud's application default credentials of a user (no GOOGLE_APPLICATION_CREDENTIALS)
      delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
      const gcloud = join(process.env.HOME!, ".config", "gcloud");
      mkdirSync(gcloud, { recursive: true });
      const user = { type: "authorized_user", client_id: "cid.apps.googleusercontent.com", client_secret: "secret", refresh_token: "1//user-refresh", token_uri: `${tokens.url}/token` };
      writeFileSync(join(gcloud, "application_default_credentials.json"), JSON.stringify(user));
      mock.enqueue({ text: "as the user" });
      expect((await adcRun()).stopReason).toBe("stop");
      const refresh = new URLSearchParams(tokens.requests.at(-1)!.body.toString());
      expect(Object.fromEntries(refresh)).toMatchObject({ grant_type: "refresh_token", refresh_token: "1//user-refresh", client_id: user.client_id, client_secret: "secret" });
      expect(mock.requests.at(-1)!.headers.authorization).toBe("Bearer ya29.user");
    } finally {
      await tokens.close();
    }
  });

  it("takes the GCE metadata server's token when there is no credentials file (GCE_METADATA_HOST)", async () => {
    useAdcEnvironment();
    delete process.env.METADATA_SERVER_DETECTION;
    const metadata = await startTestServer();
    metadata.handle((request, response) => {
      if (request.headers["metadata-flavor"] !== "Google") return void response.writeHead(403).end();
      const path = (request.url ?? "").split("?")[0];
      response.setHeader("metadata-flavor", "Google");
      if (path === "/computeMetadata/v1/instance/service-accounts/default/token") {
        response.setHeader("content-type", "application/json");
        return void response.end(JSON.stringify({ access_token: "ya29.metadata", expires_in: 3599, token_type: "Bearer" }));
      }
      if (path === "/computeMetadata/v1/universe/universe-domain") return void response.end("googleapis.com");
      response.end("");
    });
    try {
      process.env.GCE_METADATA_HOST = new URL(metadata.url).host;
      mock.enqueue({ text: "from GCE" });
      expect((await adcRun()).stopReason).toBe("stop");
      expect(mock.requests[0]!.headers.authorization).toBe("Bearer ya29.metadata");
      expect(metadata.requests.some((request) => request.path.startsWith("/computeMetadata/v1/instance/service-accounts/default/token"))).toBe(true);
    } finally {
      await metadata.close();
    }
  });

  it("says what to do when there are no credentials at all, or the token endpoint refuses them", async () => {
    useAdcEnvironment();
    const noCredentials = await adcRun();
    expect(noCredentials.stopReason).toBe("error");
    expect(noCredentials.errorMessage).toMatch(/Vertex AI needs GOOGLE_CLOUD_API_KEY or Application Default Credentials .*gcloud auth application-default login/);

    const sts = await startTestServer();
    sts.handle((_request, response) => {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: "invalid_grant", error_description: "The subject token has expired" }));
    });
    try {
      const folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-vertex-")));
      writeFileSync(join(folder, "subject.jwt"), "stale");
      const configuration = { type: "external_account", audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q", subject_token_type: "urn:ietf:params:oauth:token-type:jwt", token_url: `${sts.url}/v1/token`, credential_source: { file: join(folder, "subject.jwt") } };
      writeFileSync(join(folder, "wif.json"), JSON.stringify(configuration));
      process.env.GOOGLE_APPLICATION_CREDENTIALS = join(folder, "wif.json");
      const refused = await adcRun();
      expect(refused.stopReason).toBe("error");
      expect(refused.errorMessage).toMatch(/invalid_grant: The subject token has expired/);
      expect(mock.requests).toHaveLength(0);
    } finally {
      await sts.close();
    }
  });

  it("says what to set when there is neither a key nor a project", async () => {
    delete process.env.GOOGLE_CLOUD_PROJECT;
    delete process.env.GCLOUD_PROJECT;
    const message = finalMessage(await collect(streamGoogleVertex(streamRequest(vertex({ baseUrl: "https://{location}-aiplatform.googleapis.com" }), { apiKey: "<authenticated>" }))));
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/set GOOGLE_CLOUD_PROJECT/);
    expect(mock.requests).toHaveLength(0);
  });
});
