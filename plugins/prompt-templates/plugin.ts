// The prompt templates plugin: finds templates at start-up, offers them as the "promptTemplates" service,
// and expands `/name args` in the `expand_input` hook. The skills plugin's handler runs first.
import { definePlugin, type PithPlugin } from "../../kernel/plugin.js";
import { logDiagnostic } from "../resources-common/diagnostic-log.js";
import { PROMPT_TEMPLATES_PLUGIN_NAME, type ExtensionResourcePath, type ResourcePluginOptions } from "../resources-common/options.js";
import type { PromptTemplatesService } from "./template.js";
import { describeMissingArguments, expandPromptTemplate } from "./template-command.js";
import { discoverPromptTemplates, type LoadedTemplates } from "./template-discovery.js";

declare module "../../kernel/plugin.js" {
  interface PithServices {
    promptTemplates: PromptTemplatesService;
  }
}

export function promptTemplatesPlugin(options: ResourcePluginOptions): PithPlugin {
  return definePlugin({
    name: PROMPT_TEMPLATES_PLUGIN_NAME,
    async setup(context) {
      let loaded: LoadedTemplates = { templates: [], diagnostics: [] };
      let latestLoad = 0;
      let extensionPaths: readonly ExtensionResourcePath[] = [];
      const reload = async (signal?: AbortSignal) => {
        const thisLoad = ++latestLoad;
        const result = await discoverPromptTemplates({ ...options, extensionPaths }, signal);
        // An older reload that finishes late must not replace a newer result.
        if (thisLoad !== latestLoad) return;
        loaded = result;
        for (const diagnostic of result.diagnostics) logDiagnostic(context.log, diagnostic);
      };
      await reload();

      const service: PromptTemplatesService = {
        list: () => loaded.templates,
        get diagnostics() {
          return loaded.diagnostics;
        },
        reload,
        async setExtensionPaths(paths, signal) {
          extensionPaths = [...paths];
          await reload(signal);
        },
        commands: () =>
          loaded.templates.map((template) => ({
            name: template.name,
            description: template.description,
            source: "prompt",
            sourceInfo: template.sourceInfo,
          })),
      };
      context.provide("promptTemplates", service);

      context.on("expand_input", (state) => {
        if (!state.expand) return undefined;
        const expansion = expandPromptTemplate(state.text, loaded.templates);
        if (!expansion) return undefined;
        if (expansion.missingPositions.length > 0) context.log.warn(describeMissingArguments(expansion));
        return { ...state, text: expansion.text };
      });
    },
  });
}
