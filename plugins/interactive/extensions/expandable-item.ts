// A chat item an extension's renderer draws: built again whenever its expanded state changes or the screen is
// invalidated (a theme change), since the renderer decides what each state shows.
import { Container } from "@earendil-works/pi-tui";
import { OUTPUT_PAD } from "./output-pad.js";

export abstract class ExpandableItem extends Container {
  /** the horizontal padding of the box it draws itself, and what its renderer is told (the `outputPad` setting) */
  protected outputPad = OUTPUT_PAD;

  constructor(protected expanded: boolean) {
    super();
  }

  setOutputPad(padding: number): void {
    if (this.outputPad === padding) return;
    this.outputPad = padding;
    this.rebuild();
  }

  setExpanded(expanded: boolean): void {
    if (this.expanded === expanded) return;
    this.expanded = expanded;
    this.rebuild();
  }

  override invalidate(): void {
    super.invalidate();
    this.rebuild();
  }

  protected abstract rebuild(): void;
}
