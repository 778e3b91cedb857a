// A container drawn around one component (rules, a title, key hints) that gives that component the focus and the keys.
import { Container, type Component, type Focusable } from "@earendil-works/pi-tui";

export class Framed extends Container implements Focusable {
  private isFocused = false;

  constructor(protected readonly body: Component & Partial<Focusable>) {
    super();
  }

  get focused(): boolean {
    return this.isFocused;
  }

  set focused(value: boolean) {
    this.isFocused = value;
    if ("focused" in this.body) this.body.focused = value;
  }

  handleInput(data: string): void {
    this.body.handleInput?.(data);
  }
}
