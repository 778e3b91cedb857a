// The images plugin: the `images` settings of pi. `autoResize` (default on) scales images in tool results and
// prompts down to 2000×2000 and 4.5 MB and tells the model the scale; `blockImages` replaces every image the model
// would get with a notice. Both are read at each use, so a changed setting applies to the next request.
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { withoutImages } from "./block.js";
import { shrinkPromptImages, shrinkToolResult } from "./shrink.js";

export const IMAGES_PLUGIN_NAME = "images";

export interface ImagesService {
  /** true while images over the inline limit are scaled down (a tool may then hand them on) */
  resizing(): boolean;
}

declare module "../../kernel/index.js" {
  interface PithServices {
    images: ImagesService;
  }
}

/** runs after other plugins' and extensions' handlers, so images they add are made to fit too */
const LAST = 1000;

export function imagesPlugin(): PithPlugin {
  return definePlugin({
    name: IMAGES_PLUGIN_NAME,
    setup(context) {
      const settings = () => context.tryUse("settings")?.get().images;
      const service: ImagesService = { resizing: () => settings()?.autoResize !== false };
      context.provide("images", service);
      context.on(
        "tool_result",
        async (state) => {
          if (!service.resizing()) return state;
          const content = await shrinkToolResult(state.content);
          return content ? { ...state, content } : state;
        },
        { stage: LAST },
      );
      context.on(
        "input",
        async (state) => {
          if (!state.images?.length || !service.resizing()) return state;
          const { images, notes } = await shrinkPromptImages(state.images);
          return { ...state, images, text: notes.length > 0 ? `${state.text}\n\n${notes.join("\n")}` : state.text };
        },
        { stage: LAST },
      );
      // On the request, not on `context`: a tapped `context` makes the kernel copy the whole conversation before
      // every request (handlers there may change messages in place), which a resumed long session pays in full.
      context.on(
        "context_with_system",
        (state) => (settings()?.blockImages === true ? { ...state, messages: withoutImages(state.messages) } : state),
        { stage: LAST },
      );
    },
  });
}
