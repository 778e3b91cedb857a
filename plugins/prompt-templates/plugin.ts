// The prompt templates plugin: finds templates at start-up, offers them as the "promptTemplates" service,
// and expands `/name args` in the `expand_input` hook. The skills plugin's handler runs first.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { reloadableResources } from "../../lib/resources/reloadable-resources.js";
import { PROMPT_TEMPLATES_PLUGIN_NAME, type ResourcePluginOptions } from "../../lib/resources/options.js";
import type { PromptTemplatesService } from "./template.js";
import { describeMissingArguments, expandPromptTemplate } from "./template-command.js";
import { discoverPromptTemplates, type LoadedTemplates } from "./template-discovery.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    promptTemplates: PromptTemplatesService;
  }
}

export function promptTemplatesPlugin(options: ResourcePluginOptions): PithPlugin {
  return definePlugin({
    name: PROMPT_TEMPLATES_PLUGIN_NAME,
    async setup(context) {
      const resources = reloadableResources<LoadedTemplates>(
        { templates: [], diagnostics: [] },
        (extensionPaths, signal) => discoverPromptTemplates({ ...options, extensionPaths }, signal),
        context.log,
      );
      await resources.reload();

      const service: PromptTemplatesService = {
        list: () => resources.current.templates,
        get diagnostics() {
          return resources.current.diagnostics;
        },
        reload: resources.reload,
        setExtensionPaths: resources.setExtensionPaths,
        commands: () =>
          resources.current.templates.map((template) => ({
            name: template.name,
            description: template.description,
            source: "prompt",
            sourceInfo: template.sourceInfo,
          })),
      };
      context.provide("promptTemplates", service);

      context.on("expand_input", (state) => {
        if (!state.expand) return undefined;
        const expansion = expandPromptTemplate(state.text, resources.current.templates);
        if (!expansion) return undefined;
        if (expansion.missingPositions.length > 0) context.log.warn(describeMissingArguments(expansion));
        return { ...state, text: expansion.text };
      });
    },
  });
}
