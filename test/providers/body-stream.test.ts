// The response body of pith's HTTP client read the way the SDKs read it (`for await`), which does not go through
// node's web streams, and handed over to a real ReadableStream when other parts of the interface are used.
import { describe, expect, it } from "vitest";
import { httpFetch } from "../../lib/provider-kit/index.js";
import { closed, deferred, useTestServer } from "./support/http-server.js";
import { rejection } from "../support/rejection.js";

const server = useTestServer();

const decoder = new TextDecoder();

function lastSocket() {
  const port = server.requests.at(-1)!.remotePort;
  return [...server.sockets].find((socket) => socket.remotePort === port)!;
}

describe("a response body read with for await", () => {
  it("yields chunks as they arrive and ends when the server ends", async () => {
    const goOn = deferred();
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n");
      void goOn.promise.then(() => res.end("data: 2\n\n"));
    });
    const response = await httpFetch(server.url);
    const seen: string[] = [];
    for await (const chunk of response.body!) {
      expect(chunk).toBeInstanceOf(Uint8Array);
      seen.push(decoder.decode(chunk));
      if (seen.length === 1) goOn.resolve();
    }
    expect(seen).toEqual(["data: 1\n\n", "data: 2\n\n"]);
    expect(response.body!.locked).toBe(false);
    expect(Object.prototype.toString.call(response.body)).toBe("[object ReadableStream]");
  });

  it("is locked while iterated: a second reader is refused, and the body counts as used", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const response = await httpFetch(server.url);
    const iterator = response.body![Symbol.asyncIterator]();
    expect(decoder.decode((await iterator.next()).value)).toBe("partial");
    expect(response.body!.locked).toBe(true);
    expect(response.bodyUsed).toBe(true);
    expect(() => response.body!.getReader()).toThrow(TypeError);
    await expect(response.body!.cancel()).rejects.toThrow(TypeError);
    await expect(response.text()).rejects.toThrow(TypeError);
    await iterator.return!();
  });

  it("cancels the body and closes the connection when the loop breaks", async () => {
    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("first");
    });
    const response = await httpFetch(server.url);
    const socket = lastSocket();
    for await (const chunk of response.body!) {
      expect(decoder.decode(chunk)).toBe("first");
      break;
    }
    await closed(socket);
    expect(response.body!.locked).toBe(false);
  });

  it("keeps the body open when the iterator was asked not to cancel, and a reader then goes on", async () => {
    const goOn = deferred();
    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("one,");
      void goOn.promise.then(() => res.end("two"));
    });
    const response = await httpFetch(server.url);
    const body = response.body!;
    const iterator = body.values({ preventCancel: true });
    expect(decoder.decode((await iterator.next()).value)).toBe("one,");
    await iterator.return!();
    const reader = body.getReader();
    goOn.resolve();
    const rest: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(decoder.decode(read.value));
    expect(rest.join("")).toBe("two");
  });

  it("answers next() calls made at once in order", async () => {
    const goOn = deferred();
    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("a");
      void goOn.promise.then(() => {
        res.write("b");
        setTimeout(() => res.end(), 20);
      });
    });
    const response = await httpFetch(server.url);
    const iterator = response.body![Symbol.asyncIterator]();
    const reads = [iterator.next(), iterator.next(), iterator.next()];
    goOn.resolve();
    const results = await Promise.all(reads);
    expect(results.map((result) => (result.done ? "done" : decoder.decode(result.value)))).toEqual(["a", "b", "done"]);
  });

  it("fails the loop with TypeError('terminated') when the connection drops, and with the reason on abort", async () => {
    server.handle((req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("part");
      setTimeout(() => req.socket.destroy(), 10);
    });
    const dropped = await httpFetch(server.url);
    const error = await rejection((async () => {
      for await (const _chunk of dropped.body!);
    })());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("terminated");
    expect((error.cause as Error).message).toBe("other side closed");

    server.handle((_req, res) => {
      res.writeHead(200);
      res.write("part");
    });
    const controller = new AbortController();
    const aborted = await httpFetch(server.url, { signal: controller.signal });
    const socket = lastSocket();
    const reason = new Error("user pressed escape");
    const loop = (async () => {
      for await (const _chunk of aborted.body!) controller.abort(reason);
    })();
    expect(await rejection(loop)).toBe(reason);
    await closed(socket);
  });

  it("stops taking data from the socket while 64 KiB wait unread, and takes it again once read", async () => {
    // larger than the loopback socket's buffers can take: Linux grows a send buffer up to net.ipv4.tcp_wmem's
    // maximum (4 MiB by default), and a 4 MiB body then fit into it and the receiver's buffer unread
    const body = Buffer.alloc(16 * 1024 * 1024, "x");
    let finished = false;
    const done = deferred();
    server.handle((_req, res) => {
      res.writeHead(200, { "content-length": String(body.length) });
      res.end(body, () => {
        finished = true;
        done.resolve();
      });
    });
    const response = await httpFetch(server.url);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Unread, the body sits in socket buffers and the queue, far less than 16 MiB of it: the server cannot finish.
    expect(finished).toBe(false);
    let received = 0;
    for await (const chunk of response.body!) received += chunk.byteLength;
    expect(received).toBe(body.length);
    await done.promise; // the server's last write completes once the reader took the rest
  });

  it("tees for clone() and pipes through a web stream, both starting where the queue stands", async () => {
    server.handle((_req, res) => res.end("hello body"));
    const first = await httpFetch(server.url);
    const copy = first.clone();
    expect(await copy.text()).toBe("hello body");
    expect(await first.text()).toBe("hello body");

    const second = await httpFetch(server.url);
    const upper = second.body!.pipeThrough(
      new TransformStream<Uint8Array, string>({ transform: (chunk, controller) => controller.enqueue(decoder.decode(chunk).toUpperCase()) }),
    );
    const parts: string[] = [];
    for await (const part of upper) parts.push(part);
    expect(parts.join("")).toBe("HELLO BODY");
  });
});
