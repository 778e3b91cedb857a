// HTTPS_PROXY / HTTP_PROXY / NO_PROXY: provider requests, SDK-based ones included, go through a CONNECT proxy on
// 127.0.0.1 when the variables say so, and straight to the host when NO_PROXY names it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, Model } from "../../kernel/index.js";
import { proxyFor } from "../../lib/http/proxy-env.js";
import { httpFetch } from "../../lib/provider-kit/index.js";
import { startMockLlm } from "../support/mock-llm/index.js";
import { rejection } from "../support/rejection.js";
import { startTestProxy, type TestProxy } from "../support/test-proxy.js";
import { streamGoogleGenerativeAi, streamGoogleVertex } from "../../plugins/provider-google/index.js";
import { streamMistral } from "../../plugins/provider-mistral/index.js";
import { streamAzureOpenAIResponses, streamOpenAICodexResponses } from "../../plugins/provider-openai/index.js";
import { streamPiMessages } from "../../plugins/provider-pi-messages/index.js";
import { codexAccessToken } from "../support/mock-oauth-server.js";
import { APIS } from "./support/apis.js";
import { restoreEnvironmentAfterEach } from "./support/environment.js";
import { streamRequest, testModel } from "./support/models.js";
import { closed, startTestServer, useTestServer } from "./support/http-server.js";
import { removeAfterTest } from "../support/temp-folders.js";

const PROXY_VARIABLES = ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"];
const server = useTestServer();
let proxy: TestProxy;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  proxy = await startTestProxy();
});
afterAll(() => proxy.close());
beforeEach(() => {
  for (const name of PROXY_VARIABLES) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  proxy.tunnels.length = 0;
  proxy.behave("tunnel");
});
afterEach(() => {
  for (const name of PROXY_VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const authorityOf = (url: string) => new URL(url).host;

describe("which proxy a URL uses", () => {
  const url = (href: string) => new URL(href);

  it("takes HTTPS_PROXY for https, falling back to HTTP_PROXY, and HTTP_PROXY for http", () => {
    expect(proxyFor(url("https://api.example.com/v1"), { HTTPS_PROXY: "http://secure:1", HTTP_PROXY: "http://plain:2" })?.host).toBe("secure:1");
    expect(proxyFor(url("https://api.example.com/v1"), { HTTP_PROXY: "http://plain:2" })?.host).toBe("plain:2");
    expect(proxyFor(url("http://api.example.com/v1"), { HTTPS_PROXY: "http://secure:1" })).toBeUndefined();
    expect(proxyFor(url("http://api.example.com/v1"), { HTTPS_PROXY: "http://secure:1", HTTP_PROXY: "http://plain:2" })?.host).toBe("plain:2");
  });

  it("prefers the lower-case spelling, treats an empty value as unset, and reads host:port as http", () => {
    expect(proxyFor(url("https://a.example"), { https_proxy: "http://lower:1", HTTPS_PROXY: "http://upper:2" })?.host).toBe("lower:1");
    expect(proxyFor(url("https://a.example"), { https_proxy: "", HTTPS_PROXY: "http://upper:2" })?.host).toBe("upper:2");
    expect(proxyFor(url("https://a.example"), { HTTPS_PROXY: "proxy.corp:3128" })?.href).toBe("http://proxy.corp:3128/");
    expect(proxyFor(url("https://a.example"), {})).toBeUndefined();
  });

  it("bypasses NO_PROXY hosts: exact names and their subdomains, .domain, *.domain, host:port, IPs, *", () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: "http://p:1", HTTP_PROXY: "http://p:1", no_proxy: noProxy });
    const direct = (href: string, noProxy: string) => proxyFor(url(href), env(noProxy)) === undefined;
    expect(direct("https://example.com", "example.com")).toBe(true);
    expect(direct("https://api.example.com", "example.com")).toBe(true);
    expect(direct("https://notexample.com", "example.com")).toBe(false);
    expect(direct("https://example.com", ".example.com")).toBe(false);
    expect(direct("https://api.example.com", ".example.com")).toBe(true);
    expect(direct("https://api.example.com", "*.example.com")).toBe(true);
    expect(direct("https://API.Example.COM", "localhost, example.com")).toBe(true);
    expect(direct("http://127.0.0.1:8080/v1", "127.0.0.1:8080")).toBe(true);
    expect(direct("http://127.0.0.1:9090/v1", "127.0.0.1:8080")).toBe(false);
    expect(direct("https://example.com", "example.com:443")).toBe(true);
    expect(direct("http://[::1]:8080/", "::1")).toBe(true);
    expect(direct("http://[::1]:8080/", "[::1]:8080")).toBe(true);
    expect(direct("https://anything.dev", "*")).toBe(true);
    expect(proxyFor(url("https://example.com"), { HTTPS_PROXY: "http://p:1", NO_PROXY: "example.com", no_proxy: "other.com" })).toBeDefined();
  });

  it("rejects a proxy that is not an http(s) URL with a clear error", () => {
    expect(() => proxyFor(url("https://a.example"), { HTTPS_PROXY: "socks5://p:1080" })).toThrow(/socks5; pith speaks to http:\/\/ and https:\/\/ proxies only/);
    expect(() => proxyFor(url("https://a.example"), { HTTPS_PROXY: "http://[bad" })).toThrow(/is not a URL/);
  });
});

describe("requests through the proxy", () => {
  it("tunnels a request when HTTP_PROXY is set, and goes direct without it", async () => {
    process.env.HTTP_PROXY = proxy.url;
    expect(await (await httpFetch(`${server.url}/through`, { method: "POST", body: "{}" })).text()).toBe("ok");
    expect(proxy.tunnels).toEqual([{ authority: authorityOf(server.url) }]);
    expect(server.requests.map((request) => request.path)).toEqual(["/through"]);
    delete process.env.HTTP_PROXY;
    expect(await (await httpFetch(`${server.url}/direct`)).text()).toBe("ok");
    expect(proxy.tunnels).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("honours the lower-case variable and sends the proxy URL's credentials as Proxy-Authorization", async () => {
    const withCredentials = new URL(proxy.url);
    withCredentials.username = "team";
    withCredentials.password = "s3cr%40t";
    process.env.HTTP_PROXY = "http://127.0.0.1:9"; // nothing listens there: the lower-case one must win
    process.env.http_proxy = withCredentials.href;
    await (await httpFetch(server.url)).text();
    expect(proxy.tunnels).toEqual([{ authority: authorityOf(server.url), proxyAuthorization: `Basic ${Buffer.from("team:s3cr@t").toString("base64")}` }]);
  });

  it("goes direct for a NO_PROXY host", async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = "example.com,127.0.0.1";
    expect(await (await httpFetch(server.url)).text()).toBe("ok");
    expect(proxy.tunnels).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  // A fresh target for each of these: a tunnel kept alive from an earlier test would serve the request.
  it("fails with the proxy's answer when it refuses the tunnel", async () => {
    const target = await startTestServer();
    try {
      process.env.HTTP_PROXY = proxy.url;
      proxy.behave("refuse");
      const error = await rejection(httpFetch(target.url));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe("fetch failed");
      expect((error.cause as Error).message).toBe(`proxy ${authorityOf(proxy.url)} refused the tunnel to ${authorityOf(target.url)}: HTTP/1.1 407 Proxy Authentication Required`);
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("stays abortable while the proxy never answers, and closes its connection to the proxy", async () => {
    const target = await startTestServer();
    try {
      process.env.HTTP_PROXY = proxy.url;
      proxy.behave("stall");
      const controller = new AbortController();
      const pending = httpFetch(target.url, { method: "POST", body: "{}", signal: controller.signal });
      await expect.poll(() => proxy.stalled.length).toBe(1);
      controller.abort();
      const error = await rejection(pending);
      expect(error.name).toBe("AbortError");
      await closed(proxy.stalled[0]!);
    } finally {
      await target.close();
    }
  });

  it.each(APIS)("carries $api's SDK stream through the proxy", async ({ api, stream }) => {
    const mock = await startMockLlm({ fallback: { text: "via proxy" } });
    try {
      process.env.HTTPS_PROXY = "http://127.0.0.1:9"; // an https proxy must not catch an http URL
      process.env.HTTP_PROXY = proxy.url;
      const events = [];
      for await (const event of stream(streamRequest(testModel(api, mock.url)))) events.push(event);
      const last = events.at(-1)!;
      expect(last.type).toBe("done");
      expect(last.type === "done" && last.message.content).toMatchObject([{ type: "text", text: "via proxy" }]);
      expect(proxy.tunnels).toEqual([{ authority: authorityOf(mock.url) }]);
    } finally {
      await mock.close();
    }
  });
});

describe("the other providers through the proxy", () => {
  restoreEnvironmentAfterEach(["AZURE_OPENAI_BASE_URL"]);

  it("tunnels Mistral's, Azure's, Codex's and Radius's (pi-messages) streams", async () => {
    const mock = await startMockLlm({ fallback: { text: "via proxy" } });
    try {
      process.env.HTTP_PROXY = proxy.url;
      process.env.AZURE_OPENAI_BASE_URL = `${mock.url}/openai/v1`;
      const base = (overrides: Partial<Model>) => testModel("openai-completions", mock.url, overrides);
      const runs: [string, AsyncIterable<AssistantMessageEvent>][] = [
        ["mistral", streamMistral(streamRequest(base({ api: "mistral-conversations", provider: "mistral", id: "magistral-small-latest", baseUrl: `${mock.url}/mistral` }), { apiKey: "k" }))],
        ["azure", streamAzureOpenAIResponses(streamRequest(base({ api: "azure-openai-responses", provider: "azure", id: "gpt-5.4", baseUrl: "" }), { apiKey: "k" }))],
        ["codex", streamOpenAICodexResponses(streamRequest(base({ api: "openai-codex-responses", provider: "openai-codex", baseUrl: `${mock.url}/backend-api` }), { apiKey: codexAccessToken(7, "acct") }))],
        ["radius", streamPiMessages(streamRequest(base({ api: "pi-messages", provider: "radius", id: "balanced", baseUrl: `${mock.url}/radius/v1` }), { apiKey: "k" }))],
      ];
      for (const [name, events] of runs) {
        let last: AssistantMessageEvent | undefined;
        for await (const event of events) last = event;
        expect(last?.type === "done" ? last.message.content : last, name).toMatchObject([{ type: "text", text: "via proxy" }]);
      }
      expect(mock.requests.map((request) => request.api)).toEqual(["mistral-conversations", "azure-openai-responses", "openai-codex-responses", "pi-messages"]);
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels.map((tunnel) => tunnel.authority))).toEqual(new Set([authorityOf(mock.url)]));
    } finally {
      await mock.close();
    }
  });
});

describe("Google's SDK through the proxy", () => {
  restoreEnvironmentAfterEach(["GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "HOME", "METADATA_SERVER_DETECTION"]);

  /** Vertex with a workload identity file whose STS endpoint is `sts`, so the auth library makes a request too. */
  function workloadIdentity(sts: string): void {
    const folder = removeAfterTest(mkdtempSync(join(tmpdir(), "pith-proxy-vertex-")));
    writeFileSync(join(folder, "subject.jwt"), "subject");
    const audience = "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q";
    writeFileSync(join(folder, "wif.json"), JSON.stringify({ type: "external_account", audience, subject_token_type: "urn:ietf:params:oauth:token-type:jwt", token_url: `${sts}/v1/token`, credential_source: { file: join(folder, "subject.jwt") } }));
    Object.assign(process.env, { GOOGLE_APPLICATION_CREDENTIALS: join(folder, "wif.json"), GOOGLE_CLOUD_PROJECT: "p", GOOGLE_CLOUD_LOCATION: "us-central1", HOME: folder, METADATA_SERVER_DETECTION: "none" });
  }

  it("tunnels Gemini's and Vertex's streams and the Vertex token exchange, and sends them direct for NO_PROXY hosts", async () => {
    const mock = await startMockLlm({ fallback: { text: "via proxy" } });
    const sts = await startTestServer();
    sts.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ access_token: "ya29.proxied", issued_token_type: "urn:ietf:params:oauth:token-type:access_token", token_type: "Bearer", expires_in: 3600 }));
    });
    try {
      workloadIdentity(sts.url);
      process.env.HTTP_PROXY = proxy.url;
      const gemini = testModel("openai-responses", mock.url, { api: "google-generative-ai", provider: "google", id: "gemini-2.5-flash", baseUrl: `${mock.url}/v1beta` });
      const vertex = { ...gemini, api: "google-vertex", provider: "google-vertex", baseUrl: mock.url };
      const text = async (events: AsyncIterable<AssistantMessageEvent>) => {
        let last: AssistantMessageEvent | undefined;
        for await (const event of events) last = event;
        return last?.type === "done" ? last.message.content : last;
      };
      expect(await text(streamGoogleGenerativeAi(streamRequest(gemini, { apiKey: "gemini-key" })))).toMatchObject([{ type: "text", text: "via proxy" }]);
      expect(await text(streamGoogleVertex(streamRequest(vertex, { apiKey: "<authenticated>" })))).toMatchObject([{ type: "text", text: "via proxy" }]);
      expect(new Set(proxy.tunnels.map((tunnel) => tunnel.authority))).toEqual(new Set([authorityOf(mock.url), authorityOf(sts.url)]));
      expect(mock.requests.map((request) => request.headers.authorization ?? request.headers["x-goog-api-key"])).toEqual(["gemini-key", "Bearer ya29.proxied"]);

      const direct = await startMockLlm({ fallback: { text: "direct" } });
      try {
        process.env.NO_PROXY = "127.0.0.1";
        const tunnels = proxy.tunnels.length;
        expect(await text(streamGoogleGenerativeAi(streamRequest({ ...gemini, baseUrl: `${direct.url}/v1beta` }, { apiKey: "gemini-key" })))).toMatchObject([{ type: "text", text: "direct" }]);
        expect(proxy.tunnels).toHaveLength(tunnels);
        expect(direct.requests).toHaveLength(1);
      } finally {
        await direct.close();
      }
    } finally {
      await sts.close();
      await mock.close();
    }
  });
});

const root = fileURLToPath(new URL("../..", import.meta.url));
const support = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url));

describe("https through the proxy", () => {
  it("runs TLS end to end with the provider inside the tunnel", async () => {
    const tls = createHttpsServer({ key: readFileSync(support("tls-key.pem")), cert: readFileSync(support("tls-cert.pem")) }, (_req, res) => res.end("secure via proxy"));
    tls.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
      const script = `
        const { createJiti } = await import("jiti");
        const jiti = createJiti(${JSON.stringify(import.meta.url)});
        const { httpFetch } = await jiti.import(${JSON.stringify(join(root, "lib/http/http-fetch.ts"))});
        const response = await httpFetch(${JSON.stringify(url)});
        process.stdout.write(await response.text());`;
      const env = { ...process.env, https_proxy: proxy.url, NODE_EXTRA_CA_CERTS: support("tls-cert.pem") };
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect({ code, output }).toEqual({ code: 0, output: "secure via proxy" });
      expect(proxy.tunnels).toEqual([{ authority: `127.0.0.1:${(tls.address() as AddressInfo).port}` }]);
    } finally {
      tls.closeAllConnections();
      tls.close();
    }
  });
});
