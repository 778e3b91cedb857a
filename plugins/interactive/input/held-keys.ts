// Keys typed while the first frame is up and the session is still being made: kept, in order, and handed to the
// running UI once its actions and completions are bound, so an Enter typed early submits then and a "/" lists the
// commands. A dialog opened meanwhile (an extension asking at start-up) gets the keys kept so far and all that
// follow, since only the user can answer it.
import type { Terminal, TUI } from "@earendil-works/pi-tui";

type InputHandler = (data: string) => void;
// the screens pi-tui draws have it; its TUI interface leaves it out
type FocusingTui = TUI & { getFocusedComponent?(): unknown };

export class HeldKeys {
  private held: string[] | undefined = [];
  private deliver: InputHandler | undefined;
  private readonly removeListener: () => void;

  /** `editor()` is the component keys are held for; with anything else focused they pass */
  constructor(terminal: Terminal, tui: TUI, editor: () => unknown) {
    // the terminal's input path, to hand kept keys to the whole UI (its listeners, then the focused component)
    const start = terminal.start.bind(terminal);
    terminal.start = (onInput, onResize) => {
      this.deliver = onInput;
      start(onInput, onResize);
    };
    this.removeListener = tui.addInputListener((data) => {
      const held = this.held;
      if (!held) return undefined;
      if ((tui as FocusingTui).getFocusedComponent?.() !== editor()) {
        this.release();
        return undefined;
      }
      held.push(data);
      return { consume: true };
    });
  }

  /** the UI is ready: the kept keys are handled in the order they came, and keys pass from now on */
  release(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    this.removeListener();
    for (const data of held) this.deliver?.(data);
  }
}
