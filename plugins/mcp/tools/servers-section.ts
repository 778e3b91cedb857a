// The `mcp_servers` system prompt section (pi 1.6.0's wording and limits): every enabled server some of whose tools
// are not declared to the model, with how the model reaches them and a one-line summary. Neither codemode nor
// tool_search lists servers, so this is how the model learns of them.
import type { McpServerConfig } from "../config/config.js";
import { configuredExposures, mcpNamespace, serverSummary } from "./naming.js";

/** how the model reaches a server's undeclared tools */
export type ServerReach = "codemode" | "tool_search";

export interface ListedServer {
  name: string;
  config: McpServerConfig;
  instructions?: string;
}

/** a description's share of the section, as Codex allows for deferred namespaces */
const MAX_SUMMARY_CHARS = 250;
/** the whole section: summaries shrink to fit, and when the server lines alone do not fit the last ones are counted instead */
const MAX_SECTION_CHARS = 4096;

export function hasIndirectTools(config: McpServerConfig): boolean {
  const exposures = configuredExposures(config);
  return exposures.has("codemode") || exposures.has("deferred");
}

/** undefined when no server has undeclared tools */
export function renderServersSection(servers: readonly ListedServer[], reachOf: (config: McpServerConfig) => ServerReach): string | undefined {
  const listed = servers.filter((server) => server.config.enabled !== false && hasIndirectTools(server.config)).sort((a, b) => a.name.localeCompare(b.name));
  if (listed.length === 0) return undefined;
  const reaches = listed.map((server) => reachOf(server.config));
  const intro = introFor(new Set(reaches));
  const heads = listed.map((server, index) => `- ${mcpNamespace(server.name)} (${reaches[index]})`);
  const omitted = (count: number) => (count > 0 ? [`- … ${count} more server${count === 1 ? "" : "s"}; find their tools with searchTools()`] : []);
  const size = (kept: number) => [intro, ...heads.slice(0, kept), ...omitted(listed.length - kept)].join("\n").length;
  let kept = listed.length;
  while (kept > 0 && size(kept) > MAX_SECTION_CHARS) kept--;
  // each summary also takes its ": "
  const perServer = kept === 0 ? 0 : Math.min(MAX_SUMMARY_CHARS, Math.floor((MAX_SECTION_CHARS - size(kept)) / kept) - 2);
  const lines = listed.slice(0, kept).map((server, index) => {
    const summary = perServer > 0 ? shortened(serverSummary(server.config.description, server.instructions), perServer) : "";
    return summary ? `${heads[index]}: ${summary}` : heads[index]!;
  });
  return [intro, ...lines, ...omitted(listed.length - kept)].join("\n");
}

/** The first line explains only the ways of reaching tools that the listed servers use. */
function introFor(reaches: Set<ServerReach>): string {
  let intro = "MCP servers whose tools are not declared to you.";
  if (reaches.has("codemode")) intro += " Call the tools of `codemode` servers from codemode scripts.";
  if (reaches.has("tool_search")) intro += " Load the tools of `tool_search` servers with `tool_search`.";
  return intro;
}

/** at most `max` characters, ending in "…" when cut, never half of a surrogate pair */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "";
  let head = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.trimEnd()}…`;
}
