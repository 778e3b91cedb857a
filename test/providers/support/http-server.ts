// A plain HTTP server on 127.0.0.1 whose handler each test sets, for testing the node:http fetch against the
// wire. It records every request (with its body) and every connection, and destroys them all on close.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** the client's port: the same value for two requests means one keep-alive connection */
  remotePort: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void;

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  sockets: Set<Socket>;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

const answerOk: Handler = (_req, res) => res.end("ok");

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = answerOk;
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
        remotePort: req.socket.remotePort ?? 0,
      };
      requests.push(seen);
      handler(req, res, seen);
    });
  });
  // Idle keep-alive connections stay open until the test closes the server, so a test sees what the client does.
  server.keepAliveTimeout = 0;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sockets,
    handle(next) {
      handler = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One server for a test file: started before its tests, closed after them, and before each test its request log
 * emptied and its handler answering "ok" again. What it returns always speaks for that server.
 */
export function useTestServer(): TestServer {
  let server: TestServer | undefined;
  const current = (): TestServer => {
    if (!server) throw new Error("the test server is started in beforeAll; use it inside tests and hooks");
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    current().requests.length = 0;
    current().handle(answerOk);
  });
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    get sockets() {
      return current().sockets;
    },
    handle: (handler) => current().handle(handler),
    close: () => current().close(),
  };
}

/** Resolves when `socket` closes: the way a test sees that the client tore its connection down. */
export function closed(socket: Socket): Promise<void> {
  return socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once("close", () => resolve()));
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
