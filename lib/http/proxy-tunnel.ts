// Agents that reach their targets through an HTTP proxy's CONNECT tunnel, for http and https targets alike (as
// undici's ProxyAgent does): the request itself then travels unchanged, TLS runs end to end with the provider,
// and kept-alive tunnels serve later requests to the same host. Loaded only when a proxy variable is set.
import type { Agent, AgentOptions, ClientRequestArgs } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { TLSSocket } from "node:tls";
import { loadBuiltin } from "../loading/native-import.js";

/** A request option the agent reads: aborting it tears down a tunnel still being set up. */
export interface TunnelRequestOptions {
  tunnelSignal?: AbortSignal;
}

// A proxy that sends no end to its response head within this many bytes is not speaking HTTP.
const MAX_HEAD_BYTES = 64 * 1024;

export function tunnelAgent(proxy: URL, targetProtocol: string, options: AgentOptions): Agent {
  const secureTarget = targetProtocol === "https:";
  const Base = secureTarget
    ? loadBuiltin<typeof import("node:https")>("node:https").Agent
    : loadBuiltin<typeof import("node:http")>("node:http").Agent;
  class TunnelAgent extends Base {
    override createConnection(args: ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void): undefined {
      const host = args.hostname ?? args.host ?? "localhost";
      const port = Number(args.port ?? (secureTarget ? 443 : 80));
      const signal = (args as TunnelRequestOptions).tunnelSignal;
      openTunnel(proxy, host, port, signal).then(
        (tunnel) => {
          if (!secureTarget) return callback?.(null, tunnel);
          const tls = loadBuiltin<typeof import("node:tls")>("node:tls");
          callback?.(null, tls.connect({ ...(args as object), socket: tunnel }));
        },
        (error: Error) => callback?.(error, undefined as unknown as Duplex),
      );
      return undefined;
    }
  }
  return new TunnelAgent(options);
}

function openTunnel(proxy: URL, host: string, port: number, signal: AbortSignal | undefined): Promise<Socket | TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connectToProxy(proxy);
    const authority = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    const fail = (error: Error) => {
      cleanup();
      socket.destroy();
      reject(error);
    };
    const onError = (error: Error) => fail(Object.assign(new Error(`proxy ${proxy.host}: ${error.message}`, { cause: error }), { code: (error as NodeJS.ErrnoException).code }));
    const onClose = () => fail(new Error(`proxy ${proxy.host} closed the connection before opening a tunnel to ${authority}`));
    const onAbort = () => fail(signal!.reason instanceof Error ? signal!.reason : new Error("aborted"));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) fail(new Error(`proxy ${proxy.host} sent no valid answer to CONNECT ${authority}`));
        return;
      }
      const statusLine = head.subarray(0, head.indexOf("\r\n")).toString("latin1");
      const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1] ?? 0);
      if (status < 200 || status > 299) {
        return fail(Object.assign(new Error(`proxy ${proxy.host} refused the tunnel to ${authority}: ${statusLine}`), { code: "PROXY_TUNNEL_REFUSED" }));
      }
      cleanup();
      const rest = head.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    function cleanup(): void {
      socket.off("data", onData).off("error", onError).off("close", onClose);
      signal?.removeEventListener("abort", onAbort);
    }
    socket.on("data", onData).on("error", onError).on("close", onClose);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) return onAbort();
    const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
    if (proxy.username || proxy.password) {
      const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
      lines.push(`Proxy-Authorization: Basic ${Buffer.from(credentials).toString("base64")}`);
    }
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

function connectToProxy(proxy: URL): Socket | TLSSocket {
  const host = proxy.hostname.replace(/^\[(.*)\]$/, "$1");
  if (proxy.protocol === "https:") {
    const tls = loadBuiltin<typeof import("node:tls")>("node:tls");
    const port = Number(proxy.port || 443);
    const net = loadBuiltin<typeof import("node:net")>("node:net");
    return tls.connect({ host, port, ...(net.isIP(host) ? {} : { servername: host }) });
  }
  return loadBuiltin<typeof import("node:net")>("node:net").connect({ host, port: Number(proxy.port || 80) });
}
