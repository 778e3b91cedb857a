// A line of text painted in theme colours that paints itself again when the UI is invalidated (a theme change
// applies new colours to the same Theme object and invalidates everything drawn): a Text given painted words
// would keep the old theme's colours until it was built again.
import { Text } from "@earendil-works/pi-tui";

export class PaintedText extends Text {
  constructor(
    private readonly paint: () => string,
    paddingX = 0,
    paddingY = 0,
  ) {
    super(paint(), paddingX, paddingY);
  }

  /** the `outputPad` setting, for one in the chat */
  setOutputPad(padding: number): void {
    this.setPaddingX(padding);
  }

  override invalidate(): void {
    super.invalidate();
    this.setText(this.paint());
  }
}
