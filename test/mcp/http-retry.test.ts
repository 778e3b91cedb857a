// Transient HTTP failures of an MCP server are tried again: through the built CLI against the streamable HTTP
// fixture (a dropped connection, 503, 429 with Retry-After, then success), and the retrying fetch itself against
// a real server on 127.0.0.1 for what the CLI cannot show: the attempts run out, statuses that are not transient,
// and an abort during the wait.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { retryingFetch, retryAfterMs } from "../../plugins/mcp/servers/http-retry.js";
import { startHttpFixture, type HttpFixture } from "./fixtures/http-server.js";
import { createMcpWorld, resultText, toolResults, type McpWorld } from "./mcp-harness.js";

describe("an HTTP server with transient failures, through the CLI", () => {
  let world: McpWorld;
  let http: HttpFixture;
  beforeEach(async () => {
    world = await createMcpWorld();
  });
  afterEach(async () => {
    await http.close();
    await world.close();
  });

  it("connects after a dropped connection and a 429 with Retry-After, waiting as the server asked", async () => {
    http = await startHttpFixture({ failures: ["reset", { status: 429, retryAfter: "1" }] });
    await world.writeUserConfig({ mcpServers: { web: { url: http.url, exposure: "direct" } } });
    world.mock.enqueue({ toolCalls: [{ name: "mcp__web__add", arguments: { a: 1, b: 2 } }] }, { text: "3" });
    const run = await world.print(["add"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(resultText(toolResults(world, 1)[0]!)).toBe("3");
    // the first request was answered on its third try, a second after the 429
    expect(http.arrivals.slice(0, 3).map((arrival) => arrival.answer)).toEqual(["reset", "429", "served"]);
    expect(http.arrivals[2]!.at - http.arrivals[1]!.at).toBeGreaterThanOrEqual(950);
  });

  it("gives up after two retries and reports the last status", async () => {
    http = await startHttpFixture({ failures: [{ status: 502 }, { status: 502 }, { status: 502 }] });
    await world.writeUserConfig({ mcpServers: { web: { url: http.url, exposure: "direct" } } });
    world.mock.enqueue({ text: "without it" });
    const run = await world.print(["hi"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/MCP server "web" failed to connect: .*502/);
    expect(http.arrivals.map((arrival) => arrival.answer)).toEqual(["502", "502", "502"]);
  });
});

describe("retryingFetch", () => {
  let server: Server;
  let statuses: number[];
  let url: string;
  beforeEach(async () => {
    statuses = [];
    server = createServer((_request, response) => {
      const status = statuses.shift() ?? 200;
      response.writeHead(status, status === 200 ? {} : { "retry-after": "20" }).end(String(status));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("returns a status that is not transient at once", async () => {
    statuses = [404, 200];
    const response = await retryingFetch(fetch)(url);
    expect(response.status).toBe(404);
  });

  it("ends the wait for Retry-After when the request is aborted", async () => {
    statuses = [503];
    const controller = new AbortController();
    const retried: string[] = [];
    const pending = retryingFetch(fetch, { onRetry: (reason, delay) => retried.push(`${reason} ${delay}`) })(url, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(retried).toEqual(["HTTP 503 20000"]);
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    expect(retryAfterMs(new Response("", { headers: { "retry-after": "3" } }), now)).toBe(3000);
    expect(retryAfterMs(new Response("", { headers: { "retry-after": "Tue, 01 Dec 2026 12:00:05 GMT" } }), now)).toBe(5000);
    expect(retryAfterMs(new Response("", { headers: { "retry-after": "soon" } }), now)).toBeUndefined();
  });
});
