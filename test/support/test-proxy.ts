// A forward proxy on 127.0.0.1 for tests: it opens CONNECT tunnels (recording each target and its
// Proxy-Authorization) and can refuse them or stall, so a test sees which requests went through it.
import { createServer, type IncomingMessage } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

export interface TunnelRecord {
  authority: string;
  proxyAuthorization?: string;
}

export type ProxyBehaviour = "tunnel" | "refuse" | "stall";

export interface TestProxy {
  url: string;
  tunnels: TunnelRecord[];
  /** client sockets of CONNECTs the proxy left unanswered */
  stalled: Socket[];
  behave(next: ProxyBehaviour): void;
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  let behaviour: ProxyBehaviour = "tunnel";
  const tunnels: TunnelRecord[] = [];
  const stalled: Socket[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(501).end("this proxy only tunnels"));
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    const authority = req.url ?? "";
    const record: TunnelRecord = { authority };
    if (req.headers["proxy-authorization"]) record.proxyAuthorization = req.headers["proxy-authorization"];
    tunnels.push(record);
    // node's server keeps a half-closed socket open; a proxy closes it when the client hangs up
    client.on("end", () => client.destroy());
    if (behaviour === "stall") return void stalled.push(client);
    if (behaviour === "refuse") return void client.end("HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n");
    const [host, port] = splitAuthority(authority);
    const upstream = connect({ host, port }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", end);
    client.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    stalled,
    behave: (next) => (behaviour = next),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function splitAuthority(authority: string): [string, number] {
  const match = /^\[?(.*?)\]?:(\d+)$/.exec(authority);
  return match ? [match[1]!, Number(match[2])] : [authority, 443];
}
