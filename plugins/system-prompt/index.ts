// The system prompt: pith's default prompt or the user's own, appended text, the project's context files, the
// skills list, the date and the working directory. Also offers the "resources" service reporting what was read.
import { errorMessage, definePlugin, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { buildSystemPrompt } from "./build-system-prompt.js";
import { loadPromptResources, type PromptResources, type SystemPromptOptions } from "./prompt-resources.js";

export type { SystemPromptOptions } from "./prompt-resources.js";

export interface LoadedResources {
  contextFiles: string[];
  systemPromptFile?: string;
  appendFiles: string[];
}

export interface ResourcesService {
  /**
   * reads SYSTEM.md, APPEND_SYSTEM.md, --system-prompt/--append-system-prompt files and context files again,
   * then rebuilds the session's system prompt
   */
  reload(signal?: AbortSignal): Promise<void>;
  /** the files the last load read */
  loaded(): LoadedResources;
}

declare module "../../kernel/plugin.js" {
  interface PithServices {
    resources: ResourcesService;
  }
}

/** Runs before other system_prompt handlers: it builds the whole prompt, later handlers adjust it. */
export const BASE_PROMPT_STAGE = -100;

export function systemPromptPlugin(options: SystemPromptOptions): PithPlugin {
  return definePlugin({
    name: "system-prompt",
    async setup(context) {
      const warn = (message: string) => context.log.warn(message);
      let resources: PromptResources = await loadPromptResources(options, warn);
      let reloading: Promise<void> = Promise.resolve();

      context.provide("resources", {
        async reload(signal) {
          // one load at a time, so an older load never overwrites a newer one
          const load = reloading
            .catch(() => undefined)
            .then(async () => {
              resources = await loadPromptResources(options, warn, signal);
            });
          reloading = load;
          await load;
          await context.session.refreshSystemPrompt();
        },
        loaded: () => describeLoaded(resources),
      });

      context.on(
        "system_prompt",
        (state) => {
          const skillsBlock = formatSkills(context, state.tools.map((tool) => tool.name));
          const prompt = buildSystemPrompt({ resources, tools: state.tools, cwd: state.cwd, skillsBlock, now: new Date() });
          return { ...state, prompt };
        },
        { stage: BASE_PROMPT_STAGE },
      );
    },
  });
}

function describeLoaded(resources: PromptResources): LoadedResources {
  const loaded: LoadedResources = {
    contextFiles: resources.contextFiles.map((file) => file.path),
    appendFiles: resources.appends.flatMap((append) => (append.file ? [append.file] : [])),
  };
  if (resources.customPrompt?.file) loaded.systemPromptFile = resources.customPrompt.file;
  return loaded;
}

/** The skills block, or undefined without a skills service; a failing one costs only its block. */
function formatSkills(context: PluginContext, activeToolNames: string[]): string | undefined {
  try {
    return context.tryUse("skills")?.formatForPrompt(activeToolNames);
  } catch (error) {
    context.log.warn(`the skills service failed to list skills for the system prompt: ${errorMessage(error)}`);
    return undefined;
  }
}
