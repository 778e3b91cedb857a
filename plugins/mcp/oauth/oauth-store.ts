// OAuth credentials of MCP servers in `<agentDir>/mcp-auth.json`, as pi 1.6.0 keeps them: one entry per server
// name and URL (`mcp__<name>|<url>`), so servers sharing a URL under different names sign in separately. The
// file holds tokens: it is written only by its owner (0600), atomically, under the lock pi also takes.
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { PithError } from "../../../kernel/index.js";
import { replaceFile } from "../../../lib/fs/replace-file.js";
import { parseJsonText } from "../../../lib/json/json-text.js";
import { withFileLock } from "../../../lib/lock/file-lock.js";
import { mcpNamespace } from "../tools/naming.js";

/** One server's sign-in, field for field pi's `McpOAuthState`. */
export interface McpOAuthState {
  serverUrl: string;
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** when the access token expires, in milliseconds since the epoch */
  tokensExpireAt?: number;
  discovery?: OAuthDiscoveryState;
}

type States = Record<string, McpOAuthState>;

export const mcpAuthFile = (agentDir: string) => join(agentDir, "mcp-auth.json");

/** how older pi versions keyed a sign-in: by URL alone */
const legacyKey = (serverUrl: string) => String(new URL(serverUrl));
const storeKey = (name: string, serverUrl: string) => `${mcpNamespace(name)}|${legacyKey(serverUrl)}`;

export class McpAuthStore {
  constructor(readonly path: string) {}

  /** the entry's key in the file, `mcp__<name>|<url>` */
  keyOf(name: string, serverUrl: string): string {
    return storeKey(name, serverUrl);
  }

  /** A sign-in older pi versions kept under the URL alone is taken over by the first server of that URL to ask, as pi does. */
  async load(name: string, serverUrl: string): Promise<McpOAuthState | undefined> {
    const key = storeKey(name, serverUrl);
    const states = await this.read();
    if (states[key] || !states[legacyKey(serverUrl)]) return states[key];
    let taken: McpOAuthState | undefined;
    await this.update(name, serverUrl, (state) => (taken = state));
    return taken;
  }

  /** Changes one server's state under the file lock; `change` returning undefined removes it (and a legacy entry of its URL). */
  async update(name: string, serverUrl: string, change: (state: McpOAuthState | undefined) => McpOAuthState | undefined): Promise<void> {
    const key = storeKey(name, serverUrl);
    const legacy = legacyKey(serverUrl);
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await withFileLock(
      this.path,
      async () => {
        const states = await this.read();
        const next = change(states[key] ?? states[legacy]);
        delete states[legacy];
        if (next === undefined) delete states[key];
        else states[key] = next;
        await this.write(states);
      },
      { lockedCode: "MCP_AUTH_LOCKED" },
    );
  }

  /** Resolves to whether credentials were stored (under the server's key or, from older pi versions, its URL). */
  async remove(name: string, serverUrl: string): Promise<boolean> {
    let existed = false;
    await this.update(name, serverUrl, (state) => {
      existed = state !== undefined;
      return undefined;
    });
    return existed;
  }

  private async read(): Promise<States> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw new PithError("MCP_AUTH_FILE_UNREADABLE", `${this.path} cannot be read: ${(error as Error).message}`);
    }
    if (!text.trim()) return {};
    let parsed: unknown;
    try {
      parsed = parseJsonText(text);
    } catch (error) {
      throw new PithError("MCP_AUTH_FILE_INVALID", `${this.path} is not valid JSON (${(error as Error).message}); fix or delete it, pith does not overwrite it`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new PithError("MCP_AUTH_FILE_INVALID", `${this.path} must hold a JSON object of server sign-ins; fix or delete it, pith does not overwrite it`);
    }
    return parsed as States;
  }

  private async write(states: States): Promise<void> {
    await replaceFile(this.path, `${JSON.stringify(states, null, 2)}\n`, { mode: 0o600 });
  }
}
