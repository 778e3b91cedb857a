// Every module name an extension may import for pith's own copy, mapped to the module object jiti hands out.
// pi 0.73 serves `@sinclair/typebox` as an alias of TypeBox 1.x (`typebox`), and so does pith.
import * as typebox from "typebox";
import * as typeboxCompile from "typebox/compile";
import * as typeboxError from "typebox/error";
import * as typeboxFormat from "typebox/format";
import * as typeboxGuard from "typebox/guard";
import * as typeboxSchema from "typebox/schema";
import * as typeboxSystem from "typebox/system";
import * as typeboxType from "typebox/type";
import * as typeboxValue from "typebox/value";
import * as piAgentCore from "./pi-agent-core.js";
import * as piAi from "./pi-ai.js";
import * as piAiOauth from "./pi-ai-oauth.js";
import * as piCodingAgent from "./pi-coding-agent.js";
import * as piTui from "./pi-tui.js";

const PI_SCOPES = ["@mariozechner", "@earendil-works"] as const;

export function shimModules(): Record<string, unknown> {
  const modules: Record<string, unknown> = {};
  for (const scope of PI_SCOPES) {
    modules[`${scope}/pi-coding-agent`] = piCodingAgent;
    modules[`${scope}/pi-ai`] = piAi;
    modules[`${scope}/pi-ai/oauth`] = piAiOauth;
    modules[`${scope}/pi-agent-core`] = piAgentCore;
    modules[`${scope}/pi-tui`] = piTui;
  }
  const typeboxModules: Record<string, unknown> = {
    "": typebox,
    "/compile": typeboxCompile,
    "/error": typeboxError,
    "/format": typeboxFormat,
    "/guard": typeboxGuard,
    "/schema": typeboxSchema,
    "/system": typeboxSystem,
    "/type": typeboxType,
    "/value": typeboxValue,
  };
  for (const [subpath, module] of Object.entries(typeboxModules)) {
    modules[`typebox${subpath}`] = module;
    modules[`@sinclair/typebox${subpath}`] = module;
  }
  return modules;
}

