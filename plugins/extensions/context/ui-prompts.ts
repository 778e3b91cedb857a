// pi's ui_prompt_start / ui_prompt_end: while an extension's blocking dialog (select, confirm, input, editor,
// custom) waits for the user, other extensions hear of it, e.g. to pause a timer or report "waiting for you".
// Nested dialogs count as one prompt, named after the outermost. As in pi, only a real UI announces them (a
// dialog without one answers at once), and the events are announced, not awaited: a slow listener never holds up
// the dialog. Both are hooks the extensions plugin owns.
import type { HookSignature } from "../../../kernel/index.js";
import type { UIPromptKind } from "../contract/event-types.js";
import type { ExtensionRuntime } from "../runtime.js";
import type { ExtensionUIContext } from "./ui-context.js";

export interface UIPromptInfo {
  kind: UIPromptKind;
  title?: string;
}

declare module "../../../kernel/index.js" {
  interface HookSignatures {
    /** series · an extension's dialog started waiting for the user */
    ui_prompt_start: HookSignature<UIPromptInfo>;
    /** series · it no longer waits */
    ui_prompt_end: HookSignature<UIPromptInfo>;
  }
}

interface PromptState {
  depth: number;
  outer?: UIPromptInfo;
  wrapped: WeakMap<ExtensionUIContext, ExtensionUIContext>;
}

const states = new WeakMap<ExtensionRuntime, PromptState>();

/** `ui` with its blocking dialogs announced as ui_prompt_start / ui_prompt_end. */
export function announcingPrompts(runtime: ExtensionRuntime, ui: ExtensionUIContext): ExtensionUIContext {
  let state = states.get(runtime);
  if (!state) states.set(runtime, (state = { depth: 0, wrapped: new WeakMap() }));
  let wrapped = state.wrapped.get(ui);
  if (!wrapped) state.wrapped.set(ui, (wrapped = wrap(runtime, state, ui)));
  return wrapped;
}

function wrap(runtime: ExtensionRuntime, state: PromptState, ui: ExtensionUIContext): ExtensionUIContext {
  const hooks = runtime.context.hooksOf("extensions");
  const announce = (hook: typeof hooks.ui_prompt_start, info: UIPromptInfo) => {
    void Promise.resolve().then(() => hook.promise(info));
  };
  const during = <T>(kind: UIPromptKind, title: string | undefined, run: () => Promise<T>): Promise<T> => {
    if (state.depth++ === 0) {
      state.outer = title ? { kind, title } : { kind };
      announce(hooks.ui_prompt_start, state.outer);
    }
    const finish = () => {
      if (--state.depth > 0) return;
      state.depth = 0;
      const outer = state.outer ?? { kind };
      state.outer = undefined;
      announce(hooks.ui_prompt_end, outer);
    };
    try {
      return run().finally(finish);
    } catch (error) {
      finish();
      throw error;
    }
  };
  const dialogs: Partial<ExtensionUIContext> = {
    select: (title, options, opts) => during("select", title, () => ui.select(title, options, opts)),
    confirm: (title, message, opts) => during("confirm", title, () => ui.confirm(title, message, opts)),
    input: (title, placeholder, opts) => during("input", title, () => ui.input(title, placeholder, opts)),
    editor: (title, prefill) => during("editor", title, () => ui.editor(title, prefill)),
    custom: <T>(factory: unknown, options?: unknown) => during("custom", undefined, () => ui.custom<T>(factory, options)),
  };
  // Everything else answers from the service itself, live (getters such as `theme`), its methods bound to it.
  return new Proxy(ui, {
    get(target, key) {
      if (typeof key === "string" && key in dialogs) return dialogs[key as keyof typeof dialogs];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
