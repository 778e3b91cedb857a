// The node:http fetch the provider SDKs use, against real servers on 127.0.0.1: it must behave like fetch
// wherever the SDKs and pith's error classification look.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { join } from "node:path";
import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, createGzip, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { classifyProviderError, httpFetch, providerFetch } from "../../lib/provider-kit/index.js";
import { closed, deferred, startTestServer, useTestServer } from "./support/http-server.js";
import { rejection } from "../support/rejection.js";
import { FetchResponse } from "../../lib/http/fetch-response.js";

const server = useTestServer();

const decoder = new TextDecoder();
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value, done } = await reader.read();
  expect(done).toBe(false);
  return decoder.decode(value);
}

function socketOf(port: number): Socket {
  const socket = [...server.sockets].find((candidate) => candidate.remotePort === port);
  if (!socket) throw new Error(`no server socket for client port ${port}`);
  return socket;
}

describe("httpFetch responses", () => {
  it("returns a Response with status, status text, headers and the final url, without loading undici", async () => {
    server.handle((_req, res) => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.setHeader("x-multi", ["one", "two"]);
      res.writeHead(201, "Made It", { "content-type": "application/json" }).end('{"ok":true}');
    });
    const response = await httpFetch(`${server.url}/things?x=1`);
    expect(response).toBeInstanceOf(FetchResponse);
    expect(Object.prototype.toString.call(response)).toBe("[object Response]");
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe("Made It");
    expect(response.url).toBe(`${server.url}/things?x=1`);
    expect(response.redirected).toBe(false);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(response.headers.get("x-multi")).toBe("one, two");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("streams the body as bytes arrive: a chunk is readable before the server ends", async () => {
    const goOn = deferred();
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: one\ndata: 1\n\n");
      void goOn.promise.then(() => res.end("event: two\ndata: 2\n\n"));
    });
    const response = await httpFetch(server.url, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    expect(await readChunk(reader)).toBe("event: one\ndata: 1\n\n");
    goOn.resolve();
    expect(await readChunk(reader)).toBe("event: two\ndata: 2\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("has no body for HEAD and 204", async () => {
    server.handle((req, res) => res.writeHead(req.method === "HEAD" ? 200 : 204, { "content-length": "0" }).end());
    const head = await httpFetch(server.url, { method: "HEAD" });
    expect(head.body).toBeNull();
    const empty = await httpFetch(server.url, { method: "DELETE" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(server.requests.map((request) => request.method)).toEqual(["HEAD", "DELETE"]);
  });

  it("keeps one connection alive across consecutive requests", async () => {
    for (let turn = 0; turn < 3; turn++) await (await httpFetch(server.url, { method: "POST", body: `turn ${turn}` })).text();
    const ports = new Set(server.requests.map((request) => request.remotePort));
    expect(server.requests).toHaveLength(3);
    expect(ports.size).toBe(1);
  });
});

describe("httpFetch decoding", () => {
  const text = "decoded body ".repeat(50);
  it.each([
    ["gzip", gzipSync(text)],
    ["x-gzip", gzipSync(text)],
    ["deflate", deflateSync(text)],
    ["br", brotliCompressSync(text)],
    ["deflate, gzip", gzipSync(deflateSync(text))],
  ])("decodes content-encoding %s and drops the compressed content-length", async (encoding, bytes) => {
    server.handle((_req, res) => res.writeHead(200, { "content-encoding": encoding, "content-length": String(bytes.length) }).end(bytes));
    const response = await httpFetch(server.url);
    expect(await response.text()).toBe(text);
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("content-encoding")).toBe(encoding);
  });

  it("asks for compressed bodies and leaves an unknown coding as it came", async () => {
    server.handle((_req, res) => res.writeHead(200, { "content-encoding": "zstd", "content-length": "4" }).end("abcd"));
    const response = await httpFetch(server.url);
    expect(await response.text()).toBe("abcd");
    expect(response.headers.get("content-length")).toBe("4");
    expect(server.requests[0]!.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("streams a gzip body chunk by chunk as the server flushes it", async () => {
    const goOn = deferred();
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write("data: first\n\n");
      gzip.flush(constants.Z_SYNC_FLUSH);
      void goOn.promise.then(() => gzip.end("data: second\n\n"));
    });
    const reader = (await httpFetch(server.url)).body!.getReader();
    expect(await readChunk(reader)).toBe("data: first\n\n");
    goOn.resolve();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toBe("data: second\n\n");
  });
});

describe("httpFetch request bodies and headers", () => {
  it.each([
    ["a string", "héllo", "héllo", "text/plain;charset=UTF-8"],
    ["a Uint8Array", new TextEncoder().encode("bytes"), "bytes", undefined],
    ["an ArrayBuffer", new TextEncoder().encode("buffer").buffer, "buffer", undefined],
    ["a Buffer", Buffer.from("node buffer"), "node buffer", undefined],
    ["URLSearchParams", new URLSearchParams({ a: "1", b: "x y" }), "a=1&b=x+y", "application/x-www-form-urlencoded;charset=UTF-8"],
    ["a Blob", new Blob(["blob text"], { type: "text/markdown" }), "blob text", "text/markdown"],
  ])("sends %s with its length and default content type", async (_kind, body, expected, contentType) => {
    await httpFetch(server.url, { method: "POST", body });
    const seen = server.requests[0]!;
    expect(seen.body.toString()).toBe(expected);
    expect(seen.headers["content-length"]).toBe(String(Buffer.byteLength(expected)));
    expect(seen.headers["content-type"]).toBe(contentType);
  });

  it("sends FormData as multipart with its boundary", async () => {
    const form = new FormData();
    form.append("field", "value");
    await httpFetch(server.url, { method: "POST", body: form });
    const seen = server.requests[0]!;
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(seen.headers["content-type"] ?? "")?.[1];
    expect(boundary).toBeDefined();
    expect(seen.body.toString()).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--${boundary}--`);
  });

  it("streams a ReadableStream body (duplex half) chunked, and an async iterable too", async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("part one, "));
        controller.enqueue(encoder.encode("part two"));
        controller.close();
      },
    });
    await httpFetch(server.url, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    async function* parts(): AsyncGenerator<Uint8Array> {
      yield encoder.encode("iter ");
      yield encoder.encode("able");
    }
    await httpFetch(server.url, { method: "PUT", body: parts() as unknown as BodyInit, duplex: "half" } as RequestInit);
    expect(server.requests.map((seen) => [seen.method, seen.headers["transfer-encoding"], seen.body.toString()])).toEqual([
      ["POST", "chunked", "part one, part two"],
      ["PUT", "chunked", "iter able"],
    ]);
  });

  it("fails a streamed body that yields something other than bytes", async () => {
    async function* strings(): AsyncGenerator<string> {
      yield "not bytes";
    }
    const error = await rejection(httpFetch(server.url, { method: "POST", body: strings() as unknown as BodyInit, duplex: "half" } as RequestInit));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect((error.cause as Error).message).toMatch(/Uint8Array/);
  });

  it("sends headers given as a Headers object, an array or a record, and content-length 0 for an empty POST", async () => {
    await httpFetch(server.url, { method: "POST", headers: new Headers({ "X-One": "1", authorization: "Bearer k" }) });
    await httpFetch(server.url, { method: "POST", headers: [["x-two", "2"], ["x-two", "3"]] });
    await httpFetch(server.url, { method: "patch", headers: { "x-three": "3", "user-agent": "pith-test", accept: "application/json" } });
    const [first, second, third] = server.requests;
    expect(first!.headers).toMatchObject({ "x-one": "1", authorization: "Bearer k", "content-length": "0", accept: "*/*", "user-agent": "node" });
    expect(second!.headers["x-two"]).toBe("2, 3");
    // node:http sends every method upper-cased; undici would send "patch" as given.
    expect(third!.method).toBe("PATCH");
    expect(third!.headers).toMatchObject({ "x-three": "3", "user-agent": "pith-test", accept: "application/json" });
  });

  it("takes url, method, headers and body from a Request", async () => {
    const request = new Request(`${server.url}/from-request`, { method: "PUT", headers: { "x-req": "yes" }, body: "request body" });
    await httpFetch(request);
    expect(server.requests[0]).toMatchObject({ method: "PUT", path: "/from-request", headers: { "x-req": "yes" } });
    expect(server.requests[0]!.body.toString()).toBe("request body");
  });

  it("rejects malformed input with the TypeErrors fetch throws", async () => {
    const badUrl = await rejection(httpFetch("not a url"));
    expect(badUrl).toBeInstanceOf(TypeError);
    expect(badUrl.message).toBe("Failed to parse URL from not a url");
    await expect(httpFetch("http://user:secret@127.0.0.1/")).rejects.toThrow(/includes credentials/);
    await expect(httpFetch("ftp://127.0.0.1/")).rejects.toThrow(TypeError);
    await expect(httpFetch(server.url, { method: "GET", body: "x" })).rejects.toThrow(/GET\/HEAD method cannot have body/);
    await expect(httpFetch(server.url, { method: "CONNECT" })).rejects.toThrow(TypeError);
    await expect(httpFetch(server.url, { headers: { "bad header": "x" } })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("httpFetch redirects", () => {
  function redirecting(status: number, to = "/target"): void {
    server.handle((req, res) => {
      if (req.url === "/target") return void res.end("arrived");
      res.writeHead(status, { location: to }).end();
    });
  }

  it.each([
    [301, "POST", "GET", ""],
    [302, "POST", "GET", ""],
    [303, "PUT", "GET", ""],
    [307, "POST", "POST", "payload"],
    [308, "PUT", "PUT", "payload"],
    [302, "PUT", "PUT", "payload"],
  ])("%i after %s follows with %s and body %j", async (status, method, nextMethod, nextBody) => {
    redirecting(status);
    const response = await httpFetch(`${server.url}/start`, { method, body: "payload", headers: { "content-type": "text/x-test" } });
    expect(await response.text()).toBe("arrived");
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${server.url}/target`);
    const target = server.requests[1]!;
    expect([target.method, target.body.toString()]).toEqual([nextMethod, nextBody]);
    expect(target.headers["content-type"]).toBe(nextBody ? "text/x-test" : undefined);
  });

  it("refuses to replay a streamed body on 307", async () => {
    redirecting(307);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("once"));
        controller.close();
      },
    });
    const error = await rejection(httpFetch(server.url, { method: "POST", body, duplex: "half" } as RequestInit));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
  });

  it("returns the redirect itself with redirect: manual, and fails with redirect: error", async () => {
    redirecting(302);
    const manual = await httpFetch(server.url, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/target");
    const error = await rejection(httpFetch(server.url, { redirect: "error" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(server.requests.every((seen) => seen.path !== "/target")).toBe(true);
  });

  it("gives up after 20 redirects", async () => {
    server.handle((req, res) => res.writeHead(302, { location: `/hop${server.requests.length}` }).end());
    const error = await rejection(httpFetch(server.url));
    expect(error).toBeInstanceOf(TypeError);
    expect((error.cause as Error).message).toMatch(/redirect count/);
    expect(server.requests).toHaveLength(21);
  });

  it("drops credentials when the redirect leaves the origin", async () => {
    const other = await startTestServer();
    try {
      server.handle((_req, res) => res.writeHead(307, { location: `${other.url}/elsewhere` }).end());
      await httpFetch(server.url, { method: "POST", body: "x", headers: { authorization: "Bearer secret", "x-keep": "1" } });
      expect(server.requests[0]!.headers.authorization).toBe("Bearer secret");
      expect(other.requests[0]!.headers.authorization).toBeUndefined();
      expect(other.requests[0]!.headers["x-keep"]).toBe("1");
      expect(other.requests[0]!.body.toString()).toBe("x");
    } finally {
      await other.close();
    }
  });
});

describe("httpFetch aborts", () => {
  it("rejects at once for an already aborted signal and sends nothing", async () => {
    const error = await rejection(httpFetch(server.url, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(DOMException);
    expect(error.name).toBe("AbortError");
    expect(server.requests).toHaveLength(0);
  });

  it("aborts while connecting (a TLS handshake that never completes) and closes the socket", async () => {
    const accepted = deferred<Socket>();
    const silent: NetServer = createNetServer((socket) => accepted.resolve(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const controller = new AbortController();
      const pending = httpFetch(`https://127.0.0.1:${(silent.address() as AddressInfo).port}/`, { signal: controller.signal });
      const socket = await accepted.promise;
      controller.abort();
      const error = await rejection(pending);
      expect(error.name).toBe("AbortError");
      await closed(socket);
    } finally {
      silent.close();
    }
  });

  it("aborts while waiting for the response head and closes the socket", async () => {
    const arrived = deferred();
    server.handle(() => arrived.resolve());
    const controller = new AbortController();
    const pending = httpFetch(server.url, { method: "POST", body: "{}", signal: controller.signal });
    await arrived.promise;
    const socket = socketOf(server.requests[0]!.remotePort);
    controller.abort();
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(DOMException);
    expect(error.name).toBe("AbortError");
    await closed(socket);
  });

  it("errors the body with the abort reason while it streams, and closes the socket", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n");
    });
    const controller = new AbortController();
    const response = await httpFetch(server.url, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(await readChunk(reader)).toBe("data: 1\n\n");
    const socket = socketOf(server.requests[0]!.remotePort);
    controller.abort();
    const error = await rejection(reader.read());
    expect(error.name).toBe("AbortError");
    await closed(socket);
  });

  it("rejects with a custom abort reason, as fetch does", async () => {
    const arrived = deferred();
    server.handle(() => arrived.resolve());
    const controller = new AbortController();
    const pending = httpFetch(server.url, { signal: controller.signal });
    await arrived.promise;
    const reason = new Error("user pressed escape");
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
  });

  it("closes the connection when the reader cancels the body", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const response = await httpFetch(server.url);
    const socket = socketOf(server.requests[0]!.remotePort);
    await response.body!.cancel();
    await closed(socket);
  });
});

describe("httpFetch network failures", () => {
  it("rejects a refused connection with TypeError('fetch failed') and the socket error as cause", async () => {
    const gone = await startTestServer();
    await gone.close();
    const error = await rejection(httpFetch(gone.url, { method: "POST", body: "{}" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect((error.cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  it("rejects a connection dropped before the response head", async () => {
    server.handle((req) => req.socket.destroy());
    const error = await rejection(httpFetch(server.url));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect((error.cause as NodeJS.ErrnoException).code).toBe("ECONNRESET");
  });

  it.each([
    ["a content-length body", { "content-length": "1000" }],
    ["a chunked body", {}],
    ["a gzip body", { "content-encoding": "gzip" }],
  ])("errors %s cut mid-way with TypeError('terminated'), which pith classifies as a retryable network loss", async (_kind, headers: Record<string, string>) => {
    const gzipped = headers["content-encoding"] === "gzip";
    server.handle((req, res) => {
      res.writeHead(200, headers);
      res.write(gzipped ? gzipSync("first part").subarray(0, 12) : "first part");
      setImmediate(() => req.socket.destroy());
    });
    const response = await httpFetch(server.url);
    const error = await rejection(response.text());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("terminated");
    const classified = classifyProviderError(error, new AbortController().signal);
    expect(classified.details).toEqual({ kind: "network" });
    expect(classified.message).toBe("Connection lost while streaming: terminated (other side closed)");
  });

  it("sends a request again on a fresh connection when the kept-alive one turns out closed", async () => {
    let served = 0;
    server.handle((req, res) => {
      served++;
      // The second request arrives on the kept-alive connection, which the server then drops unanswered.
      if (served === 2) return void req.socket.destroy();
      res.end(`answer ${served}`);
    });
    expect(await (await httpFetch(server.url, { method: "POST", body: "one" })).text()).toBe("answer 1");
    expect(await (await httpFetch(server.url, { method: "POST", body: "two" })).text()).toBe("answer 3");
    const [first, dropped, retried] = server.requests;
    expect(dropped!.remotePort).toBe(first!.remotePort);
    expect(retried!.remotePort).not.toBe(first!.remotePort);
    expect(retried!.body.toString()).toBe("two");
  });

  it("sends a streamed body, which cannot be sent twice, on a fresh connection rather than a kept-alive one", async () => {
    // Every request on a kept-alive connection is dropped unanswered: the server closing an idle connection just
    // as the client reuses it, made certain.
    const served = new Set<Socket>();
    server.handle((req, res) => {
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      res.end("answered");
    });
    expect(await (await httpFetch(server.url, { method: "POST", body: "one" })).text()).toBe("answered");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed "));
        controller.enqueue(new TextEncoder().encode("once"));
        controller.close();
      },
    });
    expect(await (await httpFetch(server.url, { method: "POST", body: stream, duplex: "half" } as RequestInit)).text()).toBe("answered");
    const [first, streamed] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect(streamed!.remotePort).not.toBe(first!.remotePort);
    expect(streamed!.body.toString()).toBe("streamed once");
  });
});

const root = fileURLToPath(new URL("../..", import.meta.url));
const support = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url));

/**
 * Runs httpFetch in a fresh node process and prints the body, or the error's cause code. The child loads the built
 * provider kit (what pith runs): compiling the TypeScript sources there, kernel included, took over 20 s under load.
 */
async function fetchInChild(url: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const script = `
    const { httpFetch } = await import(${JSON.stringify(pathToFileURL(join(root, "dist/lib/provider-kit/index.js")).href)});
    try {
      const response = await httpFetch(${JSON.stringify(url)}, { method: "POST", body: "{}" });
      process.stdout.write(await response.text());
    } catch (error) {
      process.stdout.write(error.message + ": " + error.cause?.code);
    }`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  // A connection the child held on to would keep it alive as long as the server does (forever here);
  // the guard only ends a failing test.
  const guard = setTimeout(() => child.kill(), 30_000);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (...result) => resolve(result)));
  clearTimeout(guard);
  return { code, signal, output };
}

describe("httpFetch in a process of its own", () => {
  it("lets the process exit on its own while its kept-alive connection stays open", async () => {
    const result = await fetchInChild(server.url);
    expect(result).toEqual({ code: 0, signal: null, output: "ok" });
    expect(server.requests).toHaveLength(1);
  });

  it("verifies HTTPS certificates, trusting NODE_EXTRA_CA_CERTS as node does", async () => {
    const tls = createHttpsServer({ key: readFileSync(support("tls-key.pem")), cert: readFileSync(support("tls-cert.pem")) }, (_req, res) => res.end("secure ok"));
    tls.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
      const untrusted = await rejection(httpFetch(url));
      expect(untrusted).toBeInstanceOf(TypeError);
      expect(untrusted.message).toBe("fetch failed");
      expect((untrusted.cause as NodeJS.ErrnoException).code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
      expect(await fetchInChild(url, { NODE_EXTRA_CA_CERTS: support("tls-cert.pem") })).toEqual({ code: 0, signal: null, output: "secure ok" });
    } finally {
      tls.closeAllConnections();
      tls.close();
    }
  });
});

describe("providerFetch", () => {
  it("is httpFetch by default, the global fetch with PITH_FETCH=global, and refuses anything else", () => {
    expect(providerFetch({})).toBe(httpFetch);
    expect(providerFetch({ PITH_FETCH: "node" })).toBe(httpFetch);
    expect(providerFetch({ PITH_FETCH: "global" })).toBe(globalThis.fetch);
    expect(() => providerFetch({ PITH_FETCH: "undici" })).toThrow(/PITH_FETCH must be "node" \(the default\) or "global"/);
  });
});
