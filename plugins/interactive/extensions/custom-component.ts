// `ctx.ui.custom(factory, options)` as pi 1.6.0 defines it: the factory gets (tui, theme, keybindings, done) and
// returns a component (or a promise of one), shown in the editor's place or, with `overlay`, over the screen at
// `overlayOptions` (a function is asked once, when the overlay opens; without options, the component's own `width`).
// `onHandle` receives the overlay's handle (focus, unfocus, setHidden, getBounds). `done(value)` closes exactly
// this component, disposes it and resolves the promise; a reload closes overlays still open.
import type { Component, KeybindingsManager, OverlayHandle, OverlayOptions, TUI } from "@earendil-works/pi-tui";

export interface CustomOptions {
  overlay?: boolean;
  overlayOptions?: OverlayOptions | (() => OverlayOptions);
  onHandle?: (handle: OverlayHandle) => void;
}

export interface CustomHost {
  readonly tui: TUI;
  readonly keys: KeybindingsManager;
  theme(): unknown;
  /** `component` in the editor's place and with the focus until the returned function is called */
  replaceEditor(component: Component): () => void;
  /** closers of the overlays extensions have open */
  readonly overlays: Set<() => void>;
}

type Disposable = Component & { dispose?(): void; width?: OverlayOptions["width"] };
type Factory = (tui: TUI, theme: unknown, keys: KeybindingsManager, done: (value: unknown) => void) => Disposable | Promise<Disposable>;

export function showCustom<T>(host: CustomHost, factory: Factory, options: CustomOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let component: Disposable | undefined;
    let closed = false;
    let remove = () => {};
    const close = (value: unknown) => {
      if (closed) return;
      closed = true;
      remove();
      resolve(value as T);
      try {
        component?.dispose?.();
      } catch {
        // a component that fails to clean up does not keep the dialog open
      }
    };
    Promise.resolve(factory(host.tui, host.theme(), host.keys, close))
      .then((built) => {
        if (closed) return;
        component = built;
        if (!options.overlay) {
          remove = host.replaceEditor(built);
          return;
        }
        const handle = host.tui.showOverlay(built, overlayOptions(options, built));
        remove = () => {
          host.overlays.delete(dismiss);
          // this overlay, not the topmost one: another may have opened above it
          handle.hide();
          host.tui.requestRender();
        };
        const dismiss = () => close(undefined);
        host.overlays.add(dismiss);
        options.onHandle?.(handle);
      })
      .catch((error: unknown) => {
        if (closed) return;
        closed = true;
        remove();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

function overlayOptions(options: CustomOptions, component: Disposable): OverlayOptions | undefined {
  const given = typeof options.overlayOptions === "function" ? options.overlayOptions() : options.overlayOptions;
  return given ?? (component.width !== undefined ? { width: component.width } : undefined);
}
