// The header and the footer, each the mode's own or the one an extension put in its place (pi's `setHeader` and
// `setFooter`). An extension may set them before the mode draws its own (at `session_start`), and its part stays
// until it takes it back (`undefined`) or the extensions are reloaded; a replaced part is disposed.
import type { Component, TUI } from "@earendil-works/pi-tui";
import type { FooterData } from "../components/footer.js";
import type { Slot } from "../layout.js";
import type { Theme } from "../theme/theme.js";

type Disposable = Component & { dispose?(): void };
export type FooterFactory = (tui: TUI, theme: Theme, data: ExtensionFooterData) => Component;
export type HeaderFactory = (tui: TUI, theme: Theme) => Component;

/** where the footer data an extension's footer gets leads to the mode's own footer figures (pi's `FooterComponent`) */
export const MODE_FOOTER: unique symbol = Symbol("pith.modeFooter");

/** pi's `ReadonlyFooterDataProvider`: what an extension's footer may read */
export interface ExtensionFooterData {
  readonly [MODE_FOOTER]?: FooterData;
  getGitBranch(): string | null;
  getExtensionStatuses(): ReadonlyMap<string, string>;
  getAvailableProviderCount(): number;
  /** the callback runs after a checkout changed the branch */
  onBranchChange(callback: () => void): () => void;
}

class ReplaceableSlot {
  private own: Component | undefined;
  private extension: Disposable | undefined;

  constructor(private readonly slot: Slot) {}

  get replaced(): boolean {
    return this.extension !== undefined;
  }

  setOwn(component: Component): void {
    this.own = component;
    this.show();
  }

  setExtension(component: Disposable | undefined): void {
    this.extension?.dispose?.();
    this.extension = component;
    this.show();
  }

  private show(): void {
    this.slot.show(this.extension ?? this.own);
  }
}

export class Frame {
  private readonly header: ReplaceableSlot;
  private readonly footer: ReplaceableSlot;
  private data: FooterData | undefined;

  constructor(
    slots: { header: Slot; footer: Slot },
    private readonly statuses: ReadonlyMap<string, string>,
    private readonly providerCount: () => number,
  ) {
    this.header = new ReplaceableSlot(slots.header);
    this.footer = new ReplaceableSlot(slots.footer);
  }

  /** the mode's own parts, and where its footer reads from */
  setOwn(header: Component, footer: Component, data: FooterData): void {
    this.header.setOwn(header);
    this.footer.setOwn(footer);
    this.data = data;
  }

  setHeader(tui: TUI, theme: Theme, factory: HeaderFactory | undefined): void {
    this.header.setExtension(factory?.(tui, theme));
  }

  setFooter(tui: TUI, theme: Theme, factory: FooterFactory | undefined): void {
    this.footer.setExtension(factory?.(tui, theme, this.footerData()));
  }

  /** the extensions are being replaced */
  reset(): void {
    if (this.header.replaced) this.header.setExtension(undefined);
    if (this.footer.replaced) this.footer.setExtension(undefined);
  }

  private footerData(): ExtensionFooterData {
    return {
      getGitBranch: () => this.data?.gitBranch() ?? null,
      getExtensionStatuses: () => this.statuses,
      getAvailableProviderCount: this.providerCount,
      onBranchChange: (callback) => this.data?.onBranchChange(callback) ?? (() => undefined),
      ...(this.data ? { [MODE_FOOTER]: this.data } : {}),
    };
  }
}
