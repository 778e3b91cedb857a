// The part of `pith --help` after the option list: subcommands, examples and environment variables.
export const HELP_AFTER_OPTIONS = `
Packages:
  pith install <source> [-l]          npm:<name>[@version], git:<host>/<path>[@ref], a git URL or a path
  pith remove <source> [-l]           also: pith uninstall
  pith update [source]                pith itself; --extensions: the unpinned npm and git packages; --all: both
                                      (also --extension <source>, --force; pith <command> --help for each)
  pith list                           global and project packages, with what each provides
  pith config [-l]                    switch package and discovered resources on and off (a list in a pipe)
  pith config enable|disable <source> [--kind <kind>] [<path|glob>] [-l]

MCP servers (docs/mcp.md):
  pith mcp add <server> -- <command> [args...]   also --url <url>; -l for the project's .pi/mcp.json
  pith mcp remove <server> [-l]
  pith mcp list [--json]              connect to every server and show its state, tools and errors
  pith mcp get <server> [--json]
  pith mcp login|logout <server>      OAuth sign-in to an HTTP server (tokens in mcp-auth.json)

Sign-in (docs/providers.md#subscription-logins):
  pith login [provider]               Claude Pro/Max (anthropic), ChatGPT (openai-codex), GitHub Copilot,
                                      or --api-key for any provider; --no-browser: copy or device code
  pith logout <provider>
  pith auth login|logout|check|print-api-key|print-bearer-token   as pi's (pith auth --help)

Examples:
  pith -p "rename foo to bar in src/util.ts"
  git diff | pith -p "review this change"
  pith -p @src/app.ts "explain this file"
  pith --tools +grep,-write -p "find the dead code"
  pith --mode json -p "list the TODOs" > events.jsonl
  pith -p -- "-v is a flag of which command?"

Environment:
  ANTHROPIC_API_KEY, OPENAI_API_KEY   provider keys (also auth.json, --api-key)
  PI_CODING_AGENT_DIR                 agent directory (default ~/.pi/agent)
  PI_OFFLINE=1                        like --offline
  PITH_TIMING=1                       print how long each plugin took to load`;
