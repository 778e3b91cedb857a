// A chat item an extension's renderer draws: built again whenever its expanded state changes or the screen is
// invalidated (a theme change), since the renderer decides what each state shows.
import { Container } from "@earendil-works/pi-tui";

export abstract class ExpandableItem extends Container {
  constructor(protected expanded: boolean) {
    super();
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
