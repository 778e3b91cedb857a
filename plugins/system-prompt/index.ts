// The system prompt: pith's default prompt or the user's own, appended text, the project's context files, the
// skills list and the working directory, as named sections. The conversation records it as pi 1.6.0 does: before a
// turn's model call, a `role: "system"` message declares what changed since the conversation last declared the
// prompt and the tools (all of it the first time), and a resumed conversation starts with the tools it declared.
// Also offers the "resources" service reporting what was read.
import { errorMessage, definePlugin, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { declaredToolLoadout, isSystemMessage, replaySystemMessages, systemMessageUpdate, toolDeclaration } from "../../lib/transcript/system-messages.js";
import { buildSystemPromptSections } from "./build-system-prompt.js";
import { loadPromptResources, type PromptResources, type SystemPromptOptions } from "./prompt-resources.js";

export type { SystemPromptOptions } from "./prompt-resources.js";
export { findContextFilesSync, type ContextFile } from "./context-files.js";

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
  /** what the last load read: the custom prompt, the appended text and the context files with their content */
  texts(): PromptTexts;
}

export interface PromptTexts {
  customPrompt?: string;
  appendSystemPrompt: string;
  contextFiles: { path: string; content: string }[];
}

declare module "../../kernel/index.js" {
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
        texts: () => ({
          ...(resources.customPrompt ? { customPrompt: resources.customPrompt.text } : {}),
          appendSystemPrompt: resources.appends.map((append) => append.text).join("\n\n"),
          contextFiles: resources.contextFiles.map(({ path, content }) => ({ path, content })),
        }),
      });

      context.on(
        "system_prompt",
        (state) => {
          const skillsBlock = formatSkills(context, state.tools.map((tool) => tool.name));
          const sections = buildSystemPromptSections({ resources, tools: state.tools, cwd: state.cwd, skillsBlock });
          return { ...state, sections: { ...sections, ...state.sections } };
        },
        { stage: BASE_PROMPT_STAGE },
      );

      context.on("turn_prepare", (state) => {
        const declared = replaySystemMessages([...state.conversation, ...state.messages.filter(isSystemMessage)]);
        const update = systemMessageUpdate(declared, state.sections, state.tools.map(toolDeclaration));
        if (!update) return undefined;
        // after any system message already pending, before the turn's first other message
        const at = state.messages.findIndex((message) => !isSystemMessage(message));
        const messages = at === -1 ? [...state.messages, update] : [...state.messages.slice(0, at), update, ...state.messages.slice(at)];
        return { ...state, messages };
      });

      // A resumed or forked conversation starts with the tools it declared last. The prompt is built here, before
      // other plugins hear of the session, so it is there from the start (pi's `ctx.getSystemPrompt()` in
      // `session_start` or in a command before any request), not only once the first request builds it.
      context.on(
        "session_start",
        async ({ reason }) => {
          const { session, registry } = context;
          if (reason === "resume" || reason === "fork") {
            const loadout = declaredToolLoadout(session.messages, session.activeToolNames(), (name) => registry.tools.owner(name) === "tools");
            if (loadout) session.setActiveTools(loadout);
          }
          await session.refreshSystemPrompt();
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
