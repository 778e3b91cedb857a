// What the interactive UI's first frame shows, found before the session is made (docs/interactive.md, "Time to the
// first frame"): the settings, the project trust decision, the model and its thinking level, by the same rules the
// session applies. Undefined where something must come before the frame: the session picker (`-r`), a trust
// question (the project has gated resources and the command line did not decide), package installs, or a model
// the command line names wrongly (the session reports it).
import { resolve } from "node:path";
import type { CreateAgentSessionOptions } from "../create-agent-session.js";
import type { FirstFrame } from "../../plugins/interactive/index.js";
import { SettingsManager } from "../../plugins/settings/settings-manager.js";
import { resolveStartupTrust } from "../../plugins/trust/index.js";
import { ModelRegistry } from "../../plugins/models/registry.js";
import { clampThinkingLevel } from "../../lib/provider-kit/thinking-levels.js";
import { selectModelFrom, startingThinkingLevel } from "../select-model.js";

export async function firstFrameFacts(options: CreateAgentSessionOptions & { agentDir: string }, pickSession: boolean): Promise<FirstFrame | undefined> {
  if (pickSession) return undefined;
  const { agentDir } = options;
  const cwd = resolve(options.cwd ?? process.cwd());
  const settings = await SettingsManager.load({ agentDir, cwd, projectTrusted: false });
  const { approve, remember } = options.projectTrust ?? {};
  // without a prompt or handlers: asking, and saving `--trust`'s answer, are the session's
  const trust = await resolveStartupTrust({ approve: remember ? true : approve, cwd, agentDir, settings });
  if (trust.gated.length > 0 && trust.source !== "command-line") return undefined;
  settings.setProjectTrusted(trust.trusted);
  const effective = settings.get();
  if (effective.packages.length > 0) return undefined;
  const resumed = options.continueRecent === true || options.session !== undefined || options.fork !== undefined;
  if (resumed && options.model === undefined && options.provider === undefined) {
    return { cwd, projectTrusted: trust.trusted, settings: effective, modelKnown: false, thinkingLevel: "", manyProviders: false };
  }
  const registry = new ModelRegistry({ agentDir, env: process.env });
  let selection: ReturnType<typeof selectModelFrom>;
  try {
    selection = selectModelFrom(registry, { model: options.model, provider: options.provider, apiKey: options.apiKey, settings: effective });
  } catch {
    return undefined;
  }
  const { model } = selection;
  const level = startingThinkingLevel({ option: options.thinkingLevel, selection: selection.thinkingLevel, model, settings: effective });
  return {
    cwd,
    projectTrusted: trust.trusted,
    settings: effective,
    model: model && { id: model.id, provider: model.provider, reasoning: model.reasoning },
    modelKnown: true,
    thinkingLevel: clampThinkingLevel(model, level),
    manyProviders: new Set(registry.availableModels().map((available) => available.provider)).size > 1,
  };
}
