// pi's `httpProxy` setting: a proxy URL in the agent folder's settings.json that every command applies as
// HTTP_PROXY and HTTPS_PROXY before it makes a request (variables already set win, as in pi). A project cannot set
// it: where requests go is the user's decision. The settings service reports a broken file; here it is skipped.
import { join } from "node:path";
import { resolveAgentDir } from "../../lib/agent-dir/agent-dir.js";
import { readSettingsFile } from "../../plugins/settings/files/settings-file.js";

export async function applyHttpProxySetting(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = await readSettingsFile(join(resolveAgentDir(env), "settings.json"));
  const proxy = file.state === "read" ? file.data.httpProxy : undefined;
  if (typeof proxy !== "string" || !proxy.trim()) return;
  env.HTTP_PROXY ??= proxy.trim();
  env.HTTPS_PROXY ??= proxy.trim();
}
