// The `outputPad` setting (0 or 1): the horizontal padding of everything in the chat. Each chat item that has
// padding of its own takes a new value through `setOutputPad`, so a change in /settings shows at once, as in pi.
import { Text, type Component } from "@earendil-works/pi-tui";

/** pi's default */
export const OUTPUT_PAD = 1;

export type Padded = Component & { setOutputPad?(padding: number): void };

/** gives `item` the padding when it takes one; returns it */
export function padded<T extends Padded>(item: T, padding: number): T {
  if (padding !== OUTPUT_PAD) item.setOutputPad?.(padding);
  return item;
}

/** text in the chat, padded by the setting */
export class PaddedText extends Text {
  constructor(text: string) {
    super(text, OUTPUT_PAD, 0);
  }

  /** the `outputPad` setting */
  setOutputPad(padding: number): void {
    this.setPaddingX(padding);
  }
}
