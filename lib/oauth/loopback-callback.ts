// The browser's way back to pith after a sign-in (RFC 8252 loopback redirect): a server on 127.0.0.1 (or
// PI_OAUTH_CALLBACK_HOST, as pi reads it) that takes the one authorization response carrying the sign-in's state.
// Someone whose browser cannot reach it (over SSH) pastes the URL the browser ended on, or the code, instead:
// `codeFromBrowserOrPaste` races the two.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PithError } from "../../kernel/index.js";
import { parsePastedCode } from "./pkce.js";
import type { SignInConversation } from "./types.js";

export interface LoopbackCallback {
  /** `http://localhost:<port><path>`: what the authorization server sends the browser back to */
  redirectUri: string;
  /** the code of the first response with the right state */
  code: Promise<string>;
  close(): void;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * Listens on `port` (0: any free one); rejects when the port cannot be had. Without `state` (OpenRouter sends
 * none back) the unguessable `path` is what ties the answer to this sign-in.
 */
export async function listenForRedirect(options: { provider: string; port: number; path: string; state?: string; env?: NodeJS.ProcessEnv }): Promise<LoopbackCallback> {
  const host = (options.env ?? process.env).PI_OAUTH_CALLBACK_HOST?.trim() || "127.0.0.1";
  let settle!: { resolve(code: string): void; reject(error: Error): void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  let done = false;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const answer = (status: number, title: string, text: string) =>
      response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page(title, text));
    if (request.method !== "GET" || url.pathname !== options.path) return answer(404, "Not found", "This address only takes a sign-in's answer.");
    if (options.state !== undefined && url.searchParams.get("state") !== options.state) return answer(400, "Sign-in not accepted", "The answer does not belong to the sign-in pith started.");
    if (done) return answer(409, "Already signed in", "This sign-in has already been handled.");
    const error = url.searchParams.get("error");
    const received = url.searchParams.get("code");
    if (!error && !received) return answer(400, "No authorization code", "The answer carries no code.");
    done = true;
    if (error) {
      const description = url.searchParams.get("error_description") ?? error;
      settle.reject(new PithError("OAUTH_SIGN_IN_FAILED", `${options.provider} refused the sign-in: ${description}`));
      return answer(400, "Sign-in refused", `${options.provider} answered: ${description.replace(/[<>&"']/g, "")}`);
    }
    settle.resolve(received!);
    answer(200, "Signed in", `pith is signed in to ${options.provider}. You may close this page.`);
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
    redirectUri: `http://localhost:${port}${options.path}`,
    code,
    close() {
      settle.reject(new PithError("OAUTH_SIGN_IN_CANCELLED", "The sign-in was cancelled."));
      server.closeAllConnections();
      server.close();
    },
  };
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
