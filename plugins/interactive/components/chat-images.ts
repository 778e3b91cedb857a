// Images in the chat (a tool's result, what the user attached): drawn in the terminal through pi-tui's Image
// where the terminal shows images (Kitty graphics or iTerm2, as pi-tui detects them; PI_IMAGE_PROTOCOL overrides)
// and `terminal.showImages` is on, otherwise one `[Image: [image/png] 800x600]` line each, as pi writes them.
// Kitty takes PNG only: another format there gets its line too (pith registers no converter).
import { Container, Image, Spacer, getCapabilities, getImageDimensions, imageFallback } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { PaintedText } from "./painted-text.js";

export interface ImageBlock {
  data: string;
  mimeType: string;
}

export interface ImageDisplay {
  /** `terminal.showImages` */
  show: boolean;
  /** `terminal.imageWidthCells` */
  widthCells: number;
}

/** the image blocks of a message's or a tool result's content */
export function imageBlocks(content: unknown): ImageBlock[] {
  if (!Array.isArray(content)) return [];
  return content.filter((block): block is ImageBlock => block?.type === "image" && typeof block.data === "string" && typeof block.mimeType === "string");
}

/** whether images are drawn as images, not as their text line */
export function drawsImages(display: ImageDisplay): boolean {
  return display.show && getCapabilities().images !== null;
}

/** the text line that stands for an image the terminal does not draw */
export function imageLine(image: ImageBlock): string {
  return imageFallback(image.mimeType, getImageDimensions(image.data, image.mimeType) ?? undefined);
}

/** The images of one message, each after a blank line; empty when there are none. */
export class ChatImages extends Container {
  constructor(images: readonly ImageBlock[], theme: Theme, display: ImageDisplay, colour: "toolOutput" | "userMessageText") {
    super();
    const draw = drawsImages(display);
    for (const image of images) {
      this.addChild(new Spacer(1));
      if (draw) this.addChild(new Image(image.data, image.mimeType, { fallbackColor: (text) => theme.fg(colour, text) }, { maxWidthCells: display.widthCells }));
      else this.addChild(new PaintedText(() => theme.fg(colour, imageLine(image)), 0, 0));
    }
  }
}

/** A tool result's images where the terminal draws them, rebuilt only when the images change (results stream in). */
export class ResultImages extends Container {
  private data: readonly string[] = [];

  constructor(
    private readonly theme: Theme,
    private readonly display: ImageDisplay,
  ) {
    super();
  }

  show(images: readonly ImageBlock[]): void {
    const data = images.map((image) => image.data);
    if (data.length === this.data.length && data.every((item, index) => item === this.data[index])) return;
    this.data = data;
    this.clear();
    this.addChild(new ChatImages(images, this.theme, this.display, "toolOutput"));
  }

  get empty(): boolean {
    return this.data.length === 0;
  }
}
