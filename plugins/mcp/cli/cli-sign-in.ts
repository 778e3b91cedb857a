// `pith mcp login <server>` and `pith mcp logout <server>`, as pi's: OAuth sign-in to an HTTP server from a shell.
// The authorization URL is printed (and opened in the browser when the shell is interactive); the browser comes
// back to a loopback address, or the user pastes the URL it ended on. Tokens go to mcp-auth.json.
import { createInterface } from "node:readline";
import { isHttpConfig, type McpHttpServerConfig } from "../config/config.js";
import { loadMcpConfiguration } from "../config/config-files.js";
import { McpAuthStore, mcpAuthFile } from "../oauth/oauth-store.js";
import { loadMcpSdk } from "../servers/sdk-modules.js";
import { signIn } from "../oauth/sign-in.js";

export interface SignInCommandOptions {
  agentDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  projectTrusted(): Promise<boolean>;
  stdout(text: string): void;
  /** opens the authorization URL in a browser; absent when nobody is at a terminal (the URL is printed anyway) */
  openUrl?(url: string): void;
  /** a terminal the user may paste the redirected URL into */
  pasteInput?: NodeJS.ReadableStream;
  signal?: AbortSignal;
}

async function httpServer(name: string | undefined, options: SignInCommandOptions, usage: string): Promise<McpHttpServerConfig> {
  if (!name) throw new Error(usage);
  const configuration = await loadMcpConfiguration({ agentDir: options.agentDir, cwd: options.cwd, projectTrusted: options.projectTrusted });
  const entry = configuration.servers.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no MCP server "${name}". Configured: ${configuration.servers.map((server) => server.name).join(", ") || "none"}`);
  if (!isHttpConfig(entry.config)) throw new Error(`MCP server "${name}" is a stdio server; OAuth sign-in applies to HTTP servers`);
  const provider = entry.config.auth?.provider;
  // as pi's: such a server signs in with the provider's login, not one of its own
  if (provider) throw new Error(`MCP server "${name}" uses the ${provider} login: run pith login ${provider} (or /login ${provider} in a session); pith logout ${provider} signs out`);
  return entry.config;
}

export async function login(args: string[], options: SignInCommandOptions): Promise<number> {
  const [name, ...extra] = args;
  const config = await httpServer(extra.length === 0 ? name : undefined, options, "usage: pith mcp login <server>");
  const store = new McpAuthStore(mcpAuthFile(options.agentDir));
  let pasted: ReturnType<typeof createInterface> | undefined;
  try {
    const result = await signIn({
      server: name!,
      config,
      store,
      sdk: await loadMcpSdk(),
      env: options.env,
      signal: options.signal,
      onAuthorizationUrl(url) {
        options.stdout(`To sign in to MCP server "${name}", open this URL in a browser:\n\n  ${url.href}\n\n`);
        options.openUrl?.(url.href);
        options.stdout(options.pasteInput ? "Waiting for the browser. If it runs on another machine, paste the URL it ends on here:\n" : "Waiting for the browser...\n");
      },
      onPasteAccepted(accept) {
        if (!options.pasteInput) return;
        pasted = createInterface({ input: options.pasteInput });
        pasted.on("line", (line) => {
          if (line.trim() && !accept(line)) options.stdout("That is not the URL of an authorization response (it has no code); paste the whole address.\n");
        });
      },
    });
    options.stdout(`${result === "refreshed" ? "Refreshed the sign-in" : "Signed in"} to MCP server "${name}"; the tokens are in ${store.path}.\n`);
    return 0;
  } finally {
    pasted?.close();
  }
}

export async function logout(args: string[], options: SignInCommandOptions): Promise<number> {
  const [name, ...extra] = args;
  const config = await httpServer(extra.length === 0 ? name : undefined, options, "usage: pith mcp logout <server>");
  const store = new McpAuthStore(mcpAuthFile(options.agentDir));
  const removed = await store.remove(name!, config.url);
  options.stdout(removed ? `Signed out of MCP server "${name}": its credentials are deleted from ${store.path}.\n` : `MCP server "${name}" had no stored sign-in.\n`);
  return 0;
}
