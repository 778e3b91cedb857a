// The loopback redirect of a sign-in (RFC 8252): an HTTP server on 127.0.0.1 that takes the one authorization
// response the browser brings back, checks its `state`, and shows the user a page saying how it went. Someone
// whose browser cannot reach it (over SSH) hands the redirected URL over instead (`accept`).
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PithError } from "../../../kernel/index.js";
import { untilAborted } from "../../../lib/abort/until-aborted.js";

export interface LoopbackCallback {
  /** where the authorization server sends the browser back to */
  redirectUrl: string;
  /** the authorization code, once a response with the sign-in's state arrives; rejects on a refusal or abort */
  code(signal?: AbortSignal): Promise<string>;
  /** an authorization response given as the URL the browser ended on; false when it is not one */
  accept(url: string): boolean;
  close(): Promise<void>;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `callbackUrl` (a loopback URL, checked by the configuration) or `http://127.0.0.1:<callbackPort or free>/callback`. */
export async function listenForCallback(options: { state: string; callbackUrl?: string; callbackPort?: number }): Promise<LoopbackCallback> {
  const configured = options.callbackUrl ? new URL(options.callbackUrl) : undefined;
  // `localhost` is served on 127.0.0.1, where browsers fall back when ::1 refuses (as pi serves it)
  const host = configured?.hostname === "localhost" ? "127.0.0.1" : configured?.hostname.replace(/^\[|\]$/g, "") ?? "127.0.0.1";
  const path = configured?.pathname ?? "/callback";
  const port = configured?.port ? Number(configured.port) : (options.callbackPort ?? 0);
  let settle!: { resolve(code: string): void; reject(error: Error): void };
  const received = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  received.catch(() => undefined);

  /** the answer for the browser */
  const take = (params: URLSearchParams): { status: number; title: string; text: string } => {
    if (!params.has("code") && !params.has("error")) return { status: 400, title: "Not an authorization response", text: "This address waits for the authorization server's answer." };
    if (params.get("state") !== options.state) return { status: 400, title: "Sign-in not accepted", text: "The answer does not belong to the sign-in pith started (its state differs)." };
    const error = params.get("error");
    if (error) {
      const description = params.get("error_description");
      settle.reject(new PithError("MCP_SIGN_IN_REFUSED", `The authorization server refused the sign-in: ${error}${description ? ` (${description})` : ""}`));
      return { status: 200, title: "Sign-in refused", text: `The authorization server answered ${escapeHtml(error)}. You may close this page.` };
    }
    settle.resolve(params.get("code")!);
    return { status: 200, title: "Signed in", text: "pith is signed in to the MCP server. You may close this page." };
  };

  const server = createServer((request, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://loopback");
    if (request.method !== "GET" || url.pathname !== path) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const answer = take(url.searchParams);
    response.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" }).end(page(answer.title, answer.text));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new PithError("MCP_CALLBACK_PORT_BUSY", `Cannot listen for the sign-in's redirect on ${host}:${port} (${error.code ?? error.message}); free the port or change oauth.callbackPort`)),
    );
    server.listen(port, host, resolve);
  });
  // a configured URI with a port is sent exactly as written: servers compare redirect URIs as strings
  const redirect = new URL(configured?.port ? options.callbackUrl! : (configured ?? `http://127.0.0.1${path}`));
  if (!configured?.port) redirect.port = String((server.address() as AddressInfo).port);

  return {
    redirectUrl: configured?.port ? options.callbackUrl! : redirect.toString(),
    code: (signal) => untilAborted(received, signal, () => new PithError("MCP_SIGN_IN_CANCELLED", "The sign-in was cancelled.")),
    accept(text) {
      const url = URL.canParse(text.trim()) ? new URL(text.trim()) : undefined;
      if (!url || (!url.searchParams.has("code") && !url.searchParams.has("error"))) return false;
      take(url.searchParams);
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
