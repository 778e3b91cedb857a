// The prompt pipeline's first stages, before anything waits or runs: a typed `/command`, the `input` handlers
// (which may take the text), and skill and template expansion.
import { isTapped, type KernelHooks, type InputSource } from "./hooks.js";
import type { NamedRegistry } from "./registry.js";
import type { CommandDefinition } from "./command.js";
import type { ImageContent, UserMessage } from "./messages.js";

/** Stage 1: runs `/name args` when a registered command or a `command` handler takes it; false when none does. */
export async function runCommand(text: string, source: InputSource, commands: NamedRegistry<CommandDefinition>, hooks: KernelHooks): Promise<boolean> {
  const space = text.indexOf(" ");
  const name = text.slice(1, space === -1 ? undefined : space);
  const args = space === -1 ? "" : text.slice(space + 1);
  const command = commands.get(name);
  const signal = new AbortController().signal;
  if (command) {
    await command.handler(args, { args, signal });
    return true;
  }
  if (!isTapped(hooks.command)) return false;
  return (await hooks.command.promise({ name, args, text, source, signal })) === true;
}

/** Stages 2 and 3: the `input` handlers (which may take the text), then skill and template expansion. */
export async function transformInput(
  hooks: KernelHooks,
  input: { text: string; images?: ImageContent[]; source: InputSource; expand: boolean; streamingBehavior?: "steer" | "followUp" },
): Promise<{ text: string; images?: ImageContent[] } | "handled"> {
  let { text, images } = input;
  if (isTapped(hooks.input)) {
    const transformed = await hooks.input.promise({ text, images, source: input.source, streamingBehavior: input.streamingBehavior });
    if (transformed.handled) return "handled";
    text = transformed.text;
    images = transformed.images ?? images;
  }
  if (isTapped(hooks.expand_input)) {
    const expanded = await hooks.expand_input.promise({ text, images, source: input.source, expand: input.expand });
    text = expanded.text;
    images = expanded.images ?? images;
  }
  return { text, images };
}

/** Content blocks, as pi stores and emits them (consumers read `content[0].text`); files with a bare string still load. */
export function userMessage(text: string, images: ImageContent[] | undefined): UserMessage {
  return { role: "user", content: [{ type: "text", text }, ...(images ?? [])], timestamp: Date.now() };
}
