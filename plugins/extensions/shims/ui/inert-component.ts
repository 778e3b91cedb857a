// pi's own UI components (`DynamicBorder`, `BorderedLoader`, `CustomEditor`, the selectors...) in a run without
// pith's terminal UI: accepted anywhere a pi-tui component is (render/invalidate/handleInput), rendering nothing.

export class InertComponent {
  children: unknown[] = [];
  focused = false;
  constructor(..._args: unknown[]) {}
  render(_width: number): string[] {
    return [];
  }
  invalidate(): void {}
  handleInput(_data: string): void {}
  dispose(): void {}
  addChild(child: unknown): void {
    this.children.push(child);
  }
  removeChild(child: unknown): void {
    this.children = this.children.filter((existing) => existing !== child);
  }
  clear(): void {
    this.children = [];
  }
}
