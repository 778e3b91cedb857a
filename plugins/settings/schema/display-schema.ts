// The settings.json keys of the terminal UI and its display (pi 1.6.0): theme, start-up, fullscreen mode,
// padding, terminal capabilities, images and Markdown. Part of settingsSchema(); each key's schema is built when
// it is first needed (see schema.ts).
import * as z from "zod/mini";

const described = (description: string) => z.meta({ description });
const autoOrBoolean = () => z.union([z.boolean(), z.literal("auto")]);

export function displaySettingFields() {
  return {
    hideThinkingBlock: () => z._default(z.boolean(), false).check(described("Hide thinking blocks in the output")),
    theme: () => z._default(z.string(), "system").check(described('Theme name ("system", "dark", "light", a custom theme, or a dark/light pair "name/name")')),
    quietStartup: () => z
      ._default(z.union([z.boolean(), z.literal("header")]), false)
      .check(described('Hide the start-up header (true), or keep the header and hide the rest ("header")')),
    tuiMode: () => z._default(z.enum(["fullscreen", "regular"]), "fullscreen").check(described("Interactive terminal mode")),
    fullscreenExitOutput: () => z
      ._default(z.enum(["transcript", "resume-hint"]), "transcript")
      .check(described("What fullscreen mode prints when it exits")),
    fullscreenScrollbar: () => z._default(z.enum(["auto", "always", "hidden"]), "auto").check(described("Transcript scrollbar in fullscreen mode")),
    fullscreenCopyOnSelect: () => z._default(z.boolean(), true).check(described("Copy selected text at once in fullscreen mode")),
    fullscreenWheelScrollLines: () => z
      ._default(z.union([z.literal("auto"), z.number().check(z.int(), z.minimum(1), z.maximum(100))]), "auto")
      .check(described('Lines per mouse-wheel step in fullscreen mode (1-100, or "auto")')),
    editorPaddingX: () => z
      ._default(z.number().check(z.int(), z.minimum(0), z.maximum(3)), 0)
      .check(described("Horizontal editor padding")),
    outputPad: () => z._default(z.union([z.literal(0), z.literal(1)]), 1).check(described("Horizontal padding of the transcript (0 or 1)")),
    autocompleteMaxVisible: () => z
      ._default(z.number().check(z.int(), z.minimum(3), z.maximum(20)), 5)
      .check(described("Rows shown in the autocomplete list")),
    showHardwareCursor: () => z
      ._default(z.boolean(), false)
      .check(described("Show the terminal cursor (unset: env PI_HARDWARE_CURSOR=1 turns it on)")),
    terminal: () => z.prefault(
      z.looseObject({
        showImages: z._default(z.boolean(), true).check(described("Show images inline when the terminal can")),
        imageWidthCells: z._default(z.number().check(z.minimum(1)), 60).check(described("Inline image width in cells")),
        clearOnShrink: z
          ._default(z.boolean(), false)
          .check(described("Clear rows left empty when output shrinks (unset: env PI_CLEAR_ON_SHRINK=1)")),
        showTerminalProgress: z._default(z.boolean(), false).check(described("Report progress with OSC 9;4")),
        hyperlinks: z._default(autoOrBoolean(), "auto").check(described("OSC 8 hyperlinks: true, false or detected (\"auto\")")),
        images: z
          ._default(z.union([z.enum(["kitty", "iterm2", "auto"]), z.literal(false)]), "auto")
          .check(described('Inline image protocol: "kitty", "iterm2", false, or detected ("auto")')),
        trueColor: z._default(autoOrBoolean(), "auto").check(described("24-bit colour: true, false or detected (\"auto\")")),
      }),
      {},
    ),
    images: () => z.prefault(
      z.looseObject({
        autoResize: z._default(z.boolean(), true).check(described("Shrink images to 2000x2000 / 4.5 MB")),
        blockImages: z._default(z.boolean(), false).check(described("Never send images to the model")),
      }),
      {},
    ),
    markdown: () => z.prefault(
      z.looseObject({
        codeBlockIndent: z._default(z.string(), "  ").check(described("Indentation of code blocks")),
        mermaid: z._default(z.enum(["off", "final", "streaming"]), "streaming").check(described("Mermaid diagram rendering")),
      }),
      {},
    ),
  };
}
