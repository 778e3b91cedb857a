// Where an MCP server's sign-in comes back to: the configured `oauth.callbackUrl` (a loopback URL, checked by the
// configuration) or `http://127.0.0.1:<oauth.callbackPort or a free port>/callback`, served by the one loopback
// callback server of lib/oauth.
import { PithError } from "../../../kernel/index.js";
import { listenForRedirect, type LoopbackCallback } from "../../../lib/oauth/protocol/loopback-callback.js";

export async function listenForCallback(options: { state: string; callbackUrl?: string; callbackPort?: number }): Promise<LoopbackCallback> {
  const configured = options.callbackUrl ? new URL(options.callbackUrl) : undefined;
  // `localhost` is served on 127.0.0.1, where browsers fall back when ::1 refuses (as pi serves it)
  const host = configured?.hostname === "localhost" ? "127.0.0.1" : (configured?.hostname.replace(/^\[|\]$/g, "") ?? "127.0.0.1");
  const path = configured?.pathname ?? "/callback";
  const port = configured?.port ? Number(configured.port) : (options.callbackPort ?? 0);
  return listenForRedirect({
    provider: "The authorization server",
    host,
    path,
    port,
    state: options.state,
    codes: { refused: "MCP_SIGN_IN_REFUSED", cancelled: "MCP_SIGN_IN_CANCELLED" },
    redirectUri(bound) {
      // a configured URI with a port is sent exactly as written: servers compare redirect URIs as strings
      if (configured?.port) return options.callbackUrl!;
      const redirect = new URL(configured ?? `http://127.0.0.1${path}`);
      redirect.port = String(bound);
      return redirect.toString();
    },
  }).catch((error: NodeJS.ErrnoException) => {
    throw new PithError("MCP_CALLBACK_PORT_BUSY", `Cannot listen for the sign-in's redirect on ${host}:${port} (${error.code ?? error.message}); free the port or change oauth.callbackPort`);
  });
}
