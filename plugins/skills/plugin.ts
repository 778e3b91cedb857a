// The skills plugin: finds skills at start-up, offers them as the "skills" service, and expands
// `/skill:name args` in the `expand_input` hook, before prompt templates get their turn.
import { definePlugin, type PithPlugin } from "../../kernel/plugin.js";
import { logDiagnostic } from "../resources-common/diagnostic-log.js";
import {
  PROMPT_TEMPLATES_PLUGIN_NAME,
  SKILLS_PLUGIN_NAME,
  type ExtensionResourcePath,
  type ResourcePluginOptions,
} from "../resources-common/options.js";
import type { SkillsService } from "./skill.js";
import { discoverSkills, type LoadedSkills } from "./skill-discovery.js";
import { expandSkillCommand } from "./skill-command.js";
import { formatSkillsForPrompt } from "./skills-prompt-block.js";

declare module "../../kernel/plugin.js" {
  interface PithServices {
    skills: SkillsService;
  }
}

export function skillsPlugin(options: ResourcePluginOptions): PithPlugin {
  return definePlugin({
    name: SKILLS_PLUGIN_NAME,
    async setup(context) {
      let loaded: LoadedSkills = { skills: [], diagnostics: [] };
      let latestLoad = 0;
      let extensionPaths: readonly ExtensionResourcePath[] = [];
      const reload = async (signal?: AbortSignal) => {
        const thisLoad = ++latestLoad;
        const result = await discoverSkills({ ...options, extensionPaths }, signal);
        // An older reload that finishes late must not replace a newer result.
        if (thisLoad !== latestLoad) return;
        loaded = result;
        for (const diagnostic of result.diagnostics) logDiagnostic(context.log, diagnostic);
      };
      await reload();

      const service: SkillsService = {
        list: () => loaded.skills,
        get diagnostics() {
          return loaded.diagnostics;
        },
        reload,
        async setExtensionPaths(paths, signal) {
          extensionPaths = [...paths];
          await reload(signal);
        },
        formatForPrompt: (activeToolNames) =>
          activeToolNames.includes("read") ? formatSkillsForPrompt(loaded.skills) : "",
        commands: () =>
          loaded.skills.map((skill) => ({
            name: `skill:${skill.name}`,
            description: skill.description,
            source: "skill",
            sourceInfo: skill.sourceInfo,
          })),
      };
      context.provide("skills", service);

      context.on(
        "expand_input",
        async (state) => {
          if (!state.expand) return undefined;
          const text = await expandSkillCommand(state.text, loaded.skills, (diagnostic) =>
            logDiagnostic(context.log, diagnostic),
          );
          return text === state.text ? undefined : { ...state, text };
        },
        // Expanded skill text starts with `<skill`, so templates never re-expand it; the order is still fixed.
        { before: PROMPT_TEMPLATES_PLUGIN_NAME },
      );
    },
  });
}
