// Every error code pith reports, declared once: where it comes from, what it means, and what the user does about
// it. `PithError.code` (and a provider failure's code) is one of these; test/architecture/error-codes.test.ts
// fails when the source uses a code this table lacks, and keeps docs/errors.md equal to it.

export interface ErrorCodeInfo {
  /** the part of pith that reports it: `kernel`, `lib/<name>`, `plugins/<name>` or `sdk` */
  owner: string;
  meaning: string;
  action: string;
}

const kernel = (meaning: string, action: string): ErrorCodeInfo => ({ owner: "kernel", meaning, action });
const from = (owner: string) => (meaning: string, action: string): ErrorCodeInfo => ({ owner, meaning, action });
const compaction = from("plugins/compaction");
const exportPlugin = from("plugins/export");
const extensions = from("plugins/extensions");
const interactive = from("plugins/interactive");
const mcp = from("plugins/mcp");
const loading = from("lib/loading");
const models = from("plugins/models");
const oauth = from("lib/oauth");
const packages = from("plugins/packages");
const provider = from("lib/provider-kit");
const rpc = from("plugins/rpc");
const sdk = from("sdk");
const sessions = from("plugins/sessions");
const sessionControl = from("plugins/session-control");
const settings = from("plugins/settings");
const tools = from("plugins/tools");

export const ERROR_CODES = {
  // kernel
  AGENT_BUSY: kernel("a prompt arrived while the agent was working on another", "queue it as steering or a follow-up, or wait"),
  COMMAND_NOT_QUEUEABLE: kernel("a /command was sent as steering or a follow-up", "send it as a prompt of its own"),
  EVENT_LISTENER_FAILED: kernel("a session event listener threw; later listeners still ran", "fix the listener named in the message"),
  HOOK_TAP_ASYNC_UNSUPPORTED: kernel("a plugin tapped a hook with tapable's callback-style tapAsync", "tap it with tapPromise or context.on"),
  KERNEL_UNTAP_UNSUPPORTED: kernel("the installed tapable keeps its taps differently from what kernel/untap.ts expects", "install the tapable version package.json pins"),
  MESSAGE_ROLE_CHANGED: kernel("a message_end handler returned a message of another role; the original was kept", "return a message of the same role"),
  NO_MODEL: kernel("no model is selected", "pass --model, or set a provider's API key"),
  NO_PROVIDER: kernel("no loaded provider plugin speaks the model's API", "load the provider plugin for that API, or pick another model"),
  PLUGIN_HOOK_FAILED: kernel("a plugin's handler threw in a hook whose policy reports errors", "fix the plugin and hook the message names"),
  PLUGIN_PROBLEM: kernel("a plugin reported a problem that was not a PithError", "see the plugin's message"),
  PLUGIN_SCOPE_DISPOSED: kernel("a plugin registered something after its scope was disposed; it was undone", "stop registering from work that outlives the scope"),
  PLUGIN_SERVICE_MISSING: kernel("a plugin needs a service no loaded plugin provides", "load the providing plugin before it"),
  PLUGIN_SETUP_FAILED: kernel("a plugin's setup threw", "fix the plugin, or leave it out"),
  PLUGIN_SETUP_TIMEOUT: kernel("a plugin's setup did not resolve in time (PITH_SETUP_TIMEOUT_MS)", "make setup resolve; start long work in the background"),
  REGISTRATION_CONFLICT: kernel("a second registration of a tool, command or provider name replaced the first", "rename one, or leave it if the replacement is meant"),
  UNKNOWN_HOOK: kernel("a hook name that is not in the hook catalogue was used", "use a hook from docs/architecture.md, or declare it in HOOK_CATALOGUE"),
  UNKNOWN_HOOK_OWNER: kernel("hooksOf() was asked for an owner with no hooks in the catalogue", "declare the owner's hooks in HOOK_CATALOGUE"),

  // libraries
  // lib/loading: plugin files
  PLUGIN_INVALID: loading("a plugin file does not export {name, setup}", "export a pith plugin as the file's default export"),
  PLUGIN_LOAD_FAILED: loading("a plugin file could not be imported", "fix the import error in the message"),
  // lib/oauth: subscription sign-ins and their refresh
  AUTH_JSON_LOCKED: oauth("auth.json's lock stayed held while a login was saved or refreshed", "if no pith or pi runs, delete the auth.json.lock folder"),
  OAUTH_ENDPOINT_INVALID: oauth("a PITH_OAUTH_*_URL variable is not an http(s) URL", "fix or unset the variable the message names"),
  OAUTH_LOGGED_OUT: oauth("the login was removed from auth.json while a request was refreshing it", "sign in again: pith login <provider>"),
  OAUTH_REFRESH_FAILED: oauth("a subscription login's token could not be refreshed (revoked, or the server refused)", "sign in again: pith login <provider>"),
  OAUTH_SERVER_REFUSED: oauth("the sign-in server answered with an error or an answer pith cannot use", "read the server's answer in the message; try again or use another sign-in method"),
  OAUTH_SERVER_UNREACHABLE: oauth("the sign-in server could not be reached", "check the network and proxy variables (HTTPS_PROXY), then try again"),
  OAUTH_SIGN_IN_CANCELLED: oauth("the sign-in was cancelled (ctrl+c, escape, or the input ended)", "start it again when ready"),
  OAUTH_SIGN_IN_FAILED: oauth("the sign-in did not finish: refused in the browser, a wrong pasted code, or an expired device code", "start again: pith login <provider>"),
  FILE_LOCKED: from("lib/lock")("a shared file's lock stayed held past the timeout", "if no pith or pi runs, delete the lock folder the message names"),
  FRONTMATTER_INVALID: from("lib/resources")("a skill's or template's YAML front matter does not parse", "fix the YAML at the top of the file"),
  FRONTMATTER_NOT_MAPPING: from("lib/resources")("front matter is a list or a single value, not key: value lines", "write the front matter as a mapping"),
  GLOB_INVALID: from("lib/glob")("a glob pattern cannot be read", "simplify the pattern"),
  PITH_FETCH_INVALID: from("lib/http")("PITH_FETCH has a value other than node or global", "set PITH_FETCH=node or global, or unset it"),
  PROXY_INVALID: from("lib/http")("HTTPS_PROXY/HTTP_PROXY is not a URL", "write it as http://host:port"),
  PROXY_TUNNEL_REFUSED: from("lib/http")("the proxy refused to open a tunnel to the provider", "check the proxy's rules and credentials"),
  PROVIDER_HTML_RESPONSE: provider("the provider answered with an HTML page, not its API", "check the provider's baseUrl"),
  PROVIDER_IDLE_TIMEOUT: provider("the provider sent nothing for httpIdleTimeoutMs (or retry.provider.timeoutMs)", "retry, or raise the timeout"),
  PROVIDER_REFUSAL: provider("the provider refused to answer (content filter)", "rephrase the request"),
  PROVIDER_RESPONSE_FAILED: provider("the provider reported the response as failed", "see the provider's message; retry"),
  PROVIDER_STREAM_ERROR: provider("the provider's stream carried an error event", "see the provider's message; retry"),
  PROVIDER_STREAM_INCOMPLETE: provider("the provider's stream ended before the reply was complete", "retry"),
  PROVIDER_UNKNOWN_STOP: provider("the provider stopped for a reason pith does not know", "retry; report it if it persists"),

  // plugins
  COMPACTION_ABORTED: compaction("the compaction was aborted", "run it again when wanted"),
  COMPACTION_BUSY: compaction("a compaction is already running", "wait for it to finish"),
  COMPACTION_CANCELLED: compaction("a session_before_compact handler cancelled the compaction", "nothing, or change the handler"),
  COMPACTION_FAILED: compaction("the compactor failed", "see the message; retry, or compact with another model"),
  COMPACTION_INVALID: compaction("a compactor returned no usable result", "return a summary, firstKeptEntryId and tokensBefore"),
  COMPACTION_NEEDS_SESSIONS: compaction("the compaction plugin loaded without the sessions plugin", "load the sessions plugin before compaction"),
  COMPACTION_NOTHING_TO_DO: compaction("the conversation is too short to compact", "nothing"),
  SUMMARY_FAILED: compaction("the model call that writes a summary failed", "see the provider's message; retry"),
  COMPACTION_UNAVAILABLE: extensions("ctx.compact() was called in a session without the compaction plugin", "load the compaction plugin"),
  EXPORT_EMPTY: exportPlugin("there is no conversation to export yet", "start a conversation first"),
  EXPORT_NOT_A_SESSION: exportPlugin("the file to export is not a session file", "give a session .jsonl file"),
  EXPORT_NOT_FOUND: exportPlugin("the session file to export does not exist", "check the path"),
  EXPORT_NO_SESSION: exportPlugin("the session keeps no conversation (no sessions plugin)", "load the sessions plugin"),
  EXPORT_READ_FAILED: exportPlugin("the session file cannot be read", "check its permissions"),
  EXPORT_WRITE_FAILED: exportPlugin("the export cannot be written", "check the output folder and its permissions"),
  BAD_ARGUMENTS: extensions("the command line has options pith does not know", "see pith --help, extension flags included"),
  EXTENSION_API_UNSUPPORTED: extensions("an extension used a part of pi's own runtime that pith does not provide", "see docs/compatibility.md; the extension cannot run in pith"),
  EXTENSION_FOOTER_DATA: extensions("an extension built pi's FooterComponent without the footer data a setFooter factory receives", "construct it inside ctx.ui.setFooter((tui, theme, footerData) => new FooterComponent(session, footerData)) while the terminal UI runs"),
  EXTENSION_COMMAND_INVALID: extensions("registerCommand got no name or handler", "pass a name and {handler}"),
  EXTENSION_CONFLICT: extensions("two extensions register the same name; the message says which wins", "rename one, or remove one"),
  EXTENSION_ERROR: extensions("an extension's handler threw", "fix the extension the message names"),
  EXTENSION_EXEC_INVALID: extensions("pi.exec got a maxBuffer that is not a whole number of bytes in range", "pass an integer from 0 to Node's longest string"),
  EXTENSION_FACTORY_FAILED: extensions("an extension's factory threw while loading", "fix the extension"),
  EXTENSION_FLAG_INVALID: extensions("registerFlag got no name, or a default not of the flag's type", "pass a name, and a boolean or string default as its type says"),
  EXTENSION_HANDLER_INVALID: extensions("pi.on() got no handler function", "pass a function"),
  EXTENSION_IMPORT_NOT_LOADED: extensions("an extension imported a served module before pith loaded it", "import it at the top of the extension file"),
  EXTENSION_IMPORT_UNKNOWN: extensions("an extension imports a name pith does not serve", "use a name the message lists"),
  EXTENSION_INVALID: extensions("an extension file's default export is not a factory", "export a function (pi) or {name, setup} (pith)"),
  EXTENSION_LOAD_FAILED: extensions("an extension file could not be imported", "fix the error in the message"),
  EXTENSION_MESSAGE_INVALID: extensions("a message an extension sent has no customType or content", "give both"),
  EXTENSION_NO_SESSION: extensions("a pi-ai call needs a running session and had none", "call it from inside a session"),
  EXTENSION_RENDERER_INVALID: extensions("registerEntryRenderer got no function", "pass a renderer function"),
  EXTENSION_STALE: extensions("an extension used its pi object after a reload or session move", "use the pi object of the new load"),
  EXTENSION_TOOL_INVALID: extensions("registerTool got a tool without a name", "give the tool a name"),
  EXTENSION_UNSUPPORTED: extensions("an extension registered something pith does not run (an OAuth provider login)", "give the provider an API key instead"),
  MCP_UNAVAILABLE: extensions("an extension registered an MCP server while MCP is off", "drop --no-mcp, or load the mcp plugin"),
  MODELS_UNAVAILABLE: extensions("an extension registered a provider in a session without the models plugin", "load the models plugin"),
  PROVIDER_CONFIG_INVALID: extensions("an extension's provider has a stream function but no API name", "give the provider an api"),
  SESSION_CONTROL_UNAVAILABLE: extensions("an extension asked for a session move in a session that cannot move", "load the session-control plugin"),
  MCP_AUTH_FILE_INVALID: mcp("the MCP sign-in file is not valid JSON", "fix or delete it"),
  MCP_AUTH_FILE_UNREADABLE: mcp("the MCP sign-in file cannot be read", "check its permissions"),
  MCP_AUTH_LOCKED: mcp("the MCP sign-in file's lock stayed held", "if no pith or pi runs, delete the lock folder"),
  MCP_CALLBACK_PORT_BUSY: mcp("the sign-in's redirect port is taken", "free the port, or set oauth.callbackPort"),
  MCP_CONFIG_INVALID: mcp("mcp.json has an invalid entry", "fix the entry the message names"),
  MCP_NO_SERVERS: mcp("no MCP servers are configured", "add one with pith mcp add"),
  MCP_OAUTH_CIMD_UNSUPPORTED: mcp("the server wants a client metadata document pith does not publish", "use oauth.clientRegistration dcr or auto"),
  MCP_SERVER_FAILED: mcp("an MCP server failed to start or connect", "see its error; fix its command or URL"),
  MCP_SERVER_TAKEN: mcp("an MCP server name is already registered by another owner", "pick another name"),
  MCP_PROJECT_OVERRIDE_UNAVAILABLE: mcp("only a user-level server without a project override, in a trusted project, can be adjusted in the project alone", "change the server where it is defined, or trust the project"),
  MCP_SIGN_IN_CANCELLED: mcp("the sign-in was cancelled", "sign in again when wanted"),
  MCP_SIGN_IN_FAILED: mcp("the sign-in gave no authorization URL", "check the server's OAuth settings"),
  MCP_SIGN_IN_NOT_APPLICABLE: mcp("sign-in was asked for a stdio server", "sign in only to HTTP servers"),
  MCP_SIGN_IN_REFUSED: mcp("the authorization server refused the sign-in", "see its reason; sign in again"),
  MCP_SIGN_IN_REQUIRED: mcp("an MCP server needs a sign-in before use", "run pith mcp login NAME"),
  MCP_UNKNOWN_SERVER: mcp("no MCP server has that name", "use a name the message lists"),
  AUTH_JSON_INVALID: models("auth.json, or an entry in it, is invalid; those keys are ignored", "fix the file at the line the message names"),
  GOOGLE_NO_API_KEY: from("plugins/provider-google")("a Gemini API request has no key", "set GEMINI_API_KEY"),
  GOOGLE_NO_BASE_URL: from("plugins/provider-google")("a Gemini model has no baseUrl", "give it https://generativelanguage.googleapis.com/v1beta in models.json"),
  GOOGLE_THINKING_LEVEL: from("plugins/provider-google")("a model's thinkingLevelMap maps to a level Gemini does not know", "map to minimal, low, medium or high"),
  VERTEX_NO_CREDENTIALS: from("plugins/provider-google")("Vertex AI found neither an API key nor Application Default Credentials", "set GOOGLE_CLOUD_API_KEY or GOOGLE_APPLICATION_CREDENTIALS, or run gcloud auth application-default login"),
  VERTEX_NO_LOCATION: from("plugins/provider-google")("Vertex AI has no location", "set GOOGLE_CLOUD_LOCATION"),
  VERTEX_NO_PROJECT: from("plugins/provider-google")("Vertex AI has no project", "set GOOGLE_CLOUD_PROJECT, or use an API key"),
  VERTEX_TOKEN_FAILED: from("plugins/provider-google")("Google refused the Application Default Credentials, or could not be asked", "run gcloud auth application-default login again, or check the credentials file and the proxy"),
  AZURE_ENDPOINT_INVALID: from("plugins/provider-openai")("the Azure OpenAI endpoint is not a URL", "set AZURE_OPENAI_BASE_URL to https://<resource>.openai.azure.com/openai/v1"),
  AZURE_ENDPOINT_MISSING: from("plugins/provider-openai")("Azure OpenAI has no endpoint", "set AZURE_OPENAI_BASE_URL or AZURE_OPENAI_RESOURCE_NAME"),
  BEDROCK_IMAGE_TYPE: from("plugins/provider-bedrock")("Bedrock takes PNG, JPEG, GIF and WebP images only", "convert the image, or leave it out"),
  BEDROCK_NO_CREDENTIALS: from("plugins/provider-bedrock")("the AWS SDK's credential chain found no credentials for Amazon Bedrock", "set AWS_PROFILE (aws sso login for SSO), AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or AWS_BEARER_TOKEN_BEDROCK (the message says which source failed)"),
  BEDROCK_NO_REGION: from("plugins/provider-bedrock")("neither the environment nor the AWS profile names a region for Amazon Bedrock", "set AWS_REGION, or region in the profile"),
  CATALOGUE_MISSING: models("pith's model catalogue is missing from its install", "reinstall pith"),
  CONFIG_VALUE_FAILED: models("an apiKey or header value's variable is unset, or its !command failed", "set the variable, or fix the command"),
  MODELS_JSON_INVALID: models("models.json does not parse or has invalid entries; those are ignored", "fix the file at the line the message names"),
  MODELS_JSON_OLD_ENV_REFERENCE: models("a models.json value looks like a bare variable name (pi before 1.0)", "write $NAME to read the variable"),
  MODELS_JSON_UNREADABLE: models("models.json cannot be read", "check its permissions"),
  NO_API_KEY: models("no API key is known for the model's provider", "set the variable the message names, pass --api-key, or add it to auth.json"),
  OAUTH_EXPIRED: models("an OAuth login in auth.json that pith cannot refresh (no sign-in of pith's for its provider) expired", "sign in again with the tool that made it, or use an API key"),
  OFFLINE: packages("a package command needs the network while PI_OFFLINE is set", "unset PI_OFFLINE"),
  PACKAGE_COMMAND_FAILED: packages("npm or git failed while installing or updating a package", "see its output; fix the source or the network"),
  PACKAGE_MANAGER_AMBIGUOUS: packages("the npmCommand setting names more than one package manager", "keep one in npmCommand"),
  PACKAGE_NOT_FOUND: packages("a local package path does not exist", "check the path"),
  PACKAGE_NOT_INSTALLED: packages("the package is not installed, so its files are unknown", "install it first (pith install)"),
  PACKAGE_SOURCE_INVALID: packages("a package source is not npm:, git: or a path", "write the source as pith install --help shows"),
  PACKAGE_UNAVAILABLE: sessionControl("a configured package could not be loaded on reload", "install it again, or remove it from settings"),
  RESOURCE_NOT_FOUND: packages("nothing in the package matches the resource asked for", "use a name pith config lists"),
  SELF_UPDATE_FAILED: packages("pith update could not reinstall pith", "run the install command the message shows"),
  SELF_UPDATE_UNAVAILABLE: packages("pith cannot tell how it was installed", "update it with the tool that installed it"),
  SETTINGS_CHANGED: packages("the settings changed while a package command read them", "run the command again"),
  BASH_BUSY: rpc("a user bash command is already running", "wait for it, or abort_bash"),
  BASH_CWD_MISSING: rpc("the session's folder does not exist, so bash cannot run", "recreate the folder, or start pith elsewhere"),
  BASH_OPERATIONS_FAILED: rpc("a user_bash handler's operations failed to run the command", "fix the handler's operations"),
  ENTRY_NOT_FOUND: rpc("get_entries got an unknown since id", "call it without since"),
  MODEL_NOT_FOUND: rpc("the model to switch to is not known or has no key", "pick one from get_available_models"),
  RPC_NOT_LOADED: rpc("RPC mode was asked to serve a session it was not loaded into", "pass rpc.plugin to createAgentSession"),
  RPC_SERVICE_UNAVAILABLE: rpc("an RPC command needs a service no loaded plugin provides", "load the plugin the message names"),
  SESSIONS_UNAVAILABLE: rpc("a command needs the sessions plugin, which is not loaded", "load the sessions plugin"),
  SESSION_NAME_EMPTY: rpc("a session name was empty", "give a name"),
  SERVICE_UNAVAILABLE: sessionControl("a session move needs a service no loaded plugin provides", "load the plugin the message names"),
  SESSION_EMPTY: sessionControl("a clone was asked for a session with no entries", "send a prompt first"),
  SESSION_ENTRY_NOT_FOUND: sessionControl("the tree entry to navigate to is not in this session", "pick an entry of this session"),
  SESSION_NOT_FOUND: sessionControl("no session matches the path or id given", "give a session file path or an id prefix (pith -r lists them)"),
  SESSION_OF_OTHER_PROJECT: sessionControl("the session belongs to another folder than this session's tools work in", "open it in its own folder"),
  SESSION_BAD_MESSAGE: sessions("a compaction or branch summary was appended as a plain message", "use appendCompaction or appendBranchSummary"),
  SESSION_CLOSED: sessions("a write reached a session file that was closed", "open the session again"),
  SESSION_EXISTS: sessions("a new session would write over an existing file", "give the new session another file"),
  SESSION_FORK_INVALID: sessions("fork \"before\" was asked for an entry that is not a user message", "fork before a user message, or use \"at\""),
  SESSION_INVALID: sessions("a session file does not start with a session header", "give a pi or pith session file"),
  SESSION_LOCKED: sessions("another writer holds the session file", "close the other pith or pi, or continue in a new session"),
  SESSION_NO_LOCATION: sessions("every sibling file name for the session is taken", "clean up the sessions folder"),
  SESSION_READ_FAILED: sessions("a session file cannot be read", "check its permissions"),
  SESSION_WRITE_FAILED: sessions("a session file cannot be written", "check disk space and permissions"),
  SETTINGS_FILE_INVALID: settings("a settings file is broken, so pith will not write over it", "fix the file at the line the message names"),
  SETTINGS_INVALID_VALUE: settings("a setting was given a value of the wrong kind", "give a value as docs/settings.md lists"),
  SETTINGS_LOCKED: settings("settings.json's or trust.json's lock stayed held past 15 s", "if no pith or pi runs, delete the .lock folder the message names"),
  SETTINGS_UNKNOWN_KEY: settings("a setting name pith does not know", "check the name in docs/settings.md"),
  TRUST_FILE_INVALID: from("plugins/trust")("trust.json is broken; pith neither uses nor writes it", "fix it, or delete it to forget saved decisions"),
  TOOL_ABORTED: tools("a tool call was aborted", "nothing; run it again when wanted"),
  TOOL_ARGUMENTS_INVALID: extensions("validateToolCall found the arguments invalid", "fix the arguments the message names"),
  TOOL_BASH_SIGNAL: tools("a bash command was killed by a signal", "read its output"),
  TOOL_BASH_TIMEOUT: tools("a bash command ran past its timeout", "give it more time, or a quicker command"),
  TOOL_BINARY_FILE: tools("read was asked for a binary file", "inspect it with bash"),
  TOOL_CWD_MISSING: tools("the folder bash would run in does not exist", "recreate it, or start pith elsewhere"),
  TOOL_EDIT_AMBIGUOUS: tools("an edit's old text occurs more than once", "give more surrounding text"),
  TOOL_EDIT_EMPTY: tools("an edit's old text is empty", "give the text to replace"),
  TOOL_EDIT_NOT_FOUND: tools("an edit's old text is not in the file", "read the file and copy the text exactly"),
  TOOL_EDIT_NOT_TEXT: tools("edit was asked to change a binary or non-UTF-8 file", "use write, or bash"),
  TOOL_EDIT_NO_CHANGE: tools("an edit would leave the file as it is", "give a different new text"),
  TOOL_EDIT_OVERLAP: tools("two edits of one call overlap", "merge them into one"),
  TOOL_EDIT_UNREADABLE: tools("the file to edit cannot be read", "check the path and permissions"),
  TOOL_FD_TOO_OLD: tools("the installed fd is older than 8.7", "install fd 8.7 or newer"),
  TOOL_FILE_ERROR: tools("a file operation failed", "see the reason in the message"),
  TOOL_FILE_NOT_FOUND: tools("the file does not exist", "check the path"),
  TOOL_FIND_FAILED: tools("fd failed", "see its message"),
  TOOL_GREP_FAILED: tools("ripgrep failed", "see its message"),
  TOOL_GREP_PATTERN: tools("a grep pattern is not a valid regular expression", "fix it, or set literal: true"),
  TOOL_INVALID_ARGUMENTS: tools("a tool's arguments do not fit its schema", "fix the arguments the message names"),
  TOOL_IS_DIRECTORY: tools("a file tool was given a folder", "use ls for folders"),
  TOOL_LS_FAILED: tools("a folder cannot be listed", "see the reason in the message"),
  TOOL_NOT_A_DIRECTORY: tools("find was given a file", "give a folder, or use read"),
  TOOL_NOT_FOUND: extensions("validateToolCall was asked for a tool that is not in the list", "use a tool of the list"),
  TOOL_NOT_REGULAR_FILE: tools("read was given a device, pipe or socket", "use bash for those"),
  TOOL_PATH_NOT_FOUND: tools("the path to search does not exist", "check the path"),
  TOOL_PERMISSION_DENIED: tools("the file cannot be accessed", "check its permissions"),
  TOOL_READ_OFFSET: tools("read's offset is past the end of the file", "read from an earlier line"),
  TOOL_SHELL_NOT_FOUND: tools("the shellPath setting names a file that does not exist", "fix or remove shellPath"),
  TOOL_SPAWN_FAILED: tools("a tool's program could not be started", "check that it is installed"),

  // the SDK and the CLI
  FILE_NOT_FOUND: sdk("an @file argument names no readable file", "check the path"),
  NOT_A_TERMINAL: sdk("the interactive UI was started without a terminal", "use print mode: pith -p \"...\""),
  THEME_INVALID: interactive("a theme file is not valid JSON or lacks a colour role; the other themes still load", "fix the file the message names (every one of pi's colour roles, values as hex, 0-255, a var or \"\")"),
  NO_PROMPT: sdk("print mode got no request", "give one as an argument or on stdin"),
  RPC_FILE_ARGUMENTS: sdk("@file arguments were given in RPC mode", "send the file's contents in a prompt command"),
  RUNTIME_DISPOSED: sdk("the runtime was disposed while a session was being created", "create a new runtime"),
  RUNTIME_DISPOSE_FAILED: sdk("some sessions did not shut down cleanly", "see the failures the message lists"),
  RUNTIME_EMPTY: sdk("the runtime has no session", "create or resume one"),
  SESSION_DISPOSED: sdk("the session was disposed", "create or resume another"),
  SESSION_NOT_OPEN: sdk("the session asked for is not open in this runtime", "open it first"),
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

declare module "../../kernel/index.js" {
  // every code of the table, so `new PithError(code, ...)` accepts exactly these
  interface PithErrorCodes extends Record<ErrorCode, true> {}
}
