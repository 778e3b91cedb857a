// The browser's way back to pith after a sign-in (RFC 8252 loopback redirect), for the subscription sign-ins and
// the MCP servers' alike: a server on a loopback address that takes the one authorization response carrying the
// sign-in's state, and shows the user a page saying how it went. Someone whose browser cannot reach it (over SSH)
// hands over the URL the browser ended on instead (`accept`), or pastes the code (`codeFromBrowserOrPaste`).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PithError, type PithErrorCode } from "../../../kernel/index.js";
import { parsePastedCode } from "./pkce.js";
import type { SignInConversation } from "../types.js";

export interface LoopbackCallback {
  /** what the authorization server sends the browser back to */
  redirectUri: string;
  /** the parameters of the first response with the right state and a code (some servers add more than the code) */
  answer: Promise<URLSearchParams>;
  /** the code of that response */
  code: Promise<string>;
  /** an authorization response given as the URL the browser ended on; false when it is not one */
  accept(url: string): boolean;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** who answers the sign-in, in messages ("Anthropic", "The authorization server") */
  provider: string;
  path: string;
  /** 0: any free one; the promise rejects when the port cannot be had */
  port: number;
  /** the interface to listen on; PI_OAUTH_CALLBACK_HOST (as pi reads it) or 127.0.0.1 by default */
  host?: string;
  /** without one (OpenRouter sends none back) the unguessable `path` is what ties the answer to this sign-in */
  state?: string;
  /** the redirect URI to advertise, given the port listened on; `http://localhost:<port><path>` by default */
  redirectUri?(port: number): string;
  /** error codes of a refusal and a cancellation (MCP's are its own) */
  codes?: { refused: PithErrorCode; cancelled: PithErrorCode };
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function listenForRedirect(options: LoopbackOptions): Promise<LoopbackCallback> {
  const codes: NonNullable<LoopbackOptions["codes"]> = options.codes ?? { refused: "OAUTH_SIGN_IN_FAILED", cancelled: "OAUTH_SIGN_IN_CANCELLED" };
  const host = options.host ?? (process.env.PI_OAUTH_CALLBACK_HOST?.trim() || "127.0.0.1");
  let settle!: { resolve(params: URLSearchParams): void; reject(error: Error): void };
  const answer = new Promise<URLSearchParams>((resolve, reject) => (settle = { resolve, reject }));
  const code = answer.then((params) => params.get("code")!);
  answer.catch(() => undefined);
  code.catch(() => undefined);
  let done = false;

  /** what the browser is told */
  const take = (params: URLSearchParams): { status: number; title: string; text: string } => {
    if (!params.has("code") && !params.has("error")) return { status: 400, title: "No authorization code", text: "This address waits for the authorization server's answer." };
    if (options.state !== undefined && params.get("state") !== options.state) return { status: 400, title: "Sign-in not accepted", text: "The answer does not belong to the sign-in pith started (its state differs)." };
    if (done) return { status: 409, title: "Already signed in", text: "This sign-in has already been handled." };
    done = true;
    const error = params.get("error");
    if (error) {
      const description = params.get("error_description");
      settle.reject(new PithError(codes.refused, `${options.provider} refused the sign-in: ${error}${description ? ` (${description})` : ""}`));
      return { status: 400, title: "Sign-in refused", text: `${escapeHtml(options.provider)} answered ${escapeHtml(error)}. You may close this page.` };
    }
    settle.resolve(params);
    return { status: 200, title: "Signed in", text: "pith is signed in. You may close this page." };
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://loopback");
    const reply = ({ status, title, text }: { status: number; title: string; text: string }) =>
      response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page(title, text));
    if (request.method !== "GET" || url.pathname !== options.path) return reply({ status: 404, title: "Not found", text: "This address only takes a sign-in's answer." });
    reply(take(url.searchParams));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: options.redirectUri?.(port) ?? `http://localhost:${port}${options.path}`,
    answer,
    code,
    accept(text) {
      const url = URL.canParse(text.trim()) ? new URL(text.trim()) : undefined;
      if (!url || (!url.searchParams.has("code") && !url.searchParams.has("error"))) return false;
      take(url.searchParams);
      return true;
    },
    close() {
      settle.reject(new PithError(codes.cancelled, "The sign-in was cancelled."));
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Shows the sign-in page; without a loopback server (its fixed port was taken) the user is told to paste instead. */
export function showSignInPage(conversation: SignInConversation, url: string, callback: LoopbackCallback | undefined, port: number): void {
  conversation.show({
    type: "open_url",
    url,
    instructions: callback
      ? "Sign in in your browser. If the browser runs on another machine, paste the URL it ends on here."
      : `Port ${port} is in use (by another sign-in, or the Codex CLI?): after signing in, paste the URL the browser ends on here.`,
  });
}

/** The code from the browser's redirect or from what the user pastes, whichever comes first; checks a pasted state. */
export async function codeFromBrowserOrPaste(
  conversation: SignInConversation,
  callback: LoopbackCallback | undefined,
  expectedState: string | undefined,
  placeholder: string,
): Promise<string> {
  const pasteDone = new AbortController();
  const message = callback
    ? "Finish in the browser, or paste the authorization code or the URL the browser ended on"
    : "Paste the authorization code or the URL the browser ended on";
  const pasted = conversation.ask(message, placeholder, AbortSignal.any([conversation.signal, pasteDone.signal])).then((input) => {
    const parsed = parsePastedCode(input);
    if (parsed.state && expectedState !== undefined && parsed.state !== expectedState) throw new PithError("OAUTH_SIGN_IN_FAILED", "The pasted answer belongs to another sign-in (its state differs); start again.");
    if (!parsed.code) throw new PithError("OAUTH_SIGN_IN_FAILED", "No authorization code in what was pasted.");
    return parsed.code;
  });
  try {
    return await (callback ? Promise.race([callback.code, pasted]) : pasted);
  } finally {
    pasteDone.abort();
    pasted.catch(() => undefined);
  }
}
