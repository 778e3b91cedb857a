// The skills plugin: finds skills at start-up, offers them as the "skills" service, and expands
// `/skill:name args` in the `expand_input` hook, before prompt templates get their turn.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { logDiagnostic } from "../../lib/resources/diagnostics/diagnostic-log.js";
import { reloadableResources } from "../../lib/resources/reloadable-resources.js";
import {
  PROMPT_TEMPLATES_PLUGIN_NAME,
  SKILLS_PLUGIN_NAME,
  type ResourcePluginOptions,
} from "../../lib/resources/options.js";
import type { SkillsService } from "./skill.js";
import { discoverSkills, type LoadedSkills } from "./skill-discovery.js";
import { expandSkillCommand } from "./skill-command.js";
import { formatSkillsForPrompt } from "./skills-prompt-block.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    skills: SkillsService;
  }
}

export function skillsPlugin(options: ResourcePluginOptions): PithPlugin {
  return definePlugin({
    name: SKILLS_PLUGIN_NAME,
    async setup(context) {
      const resources = reloadableResources<LoadedSkills>(
        { skills: [], diagnostics: [] },
        (extensionPaths, signal) => discoverSkills({ ...options, extensionPaths }, signal),
        context.log,
      );
      await resources.reload();

      const service: SkillsService = {
        list: () => resources.current.skills,
        get diagnostics() {
          return resources.current.diagnostics;
        },
        reload: resources.reload,
        setExtensionPaths: resources.setExtensionPaths,
        formatForPrompt: (activeToolNames) =>
          activeToolNames.includes("read") ? formatSkillsForPrompt(resources.current.skills) : "",
        commands: () =>
          resources.current.skills.map((skill) => ({
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
          const text = await expandSkillCommand(state.text, resources.current.skills, (diagnostic) =>
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
