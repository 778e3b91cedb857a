// The rows of pi 1.6.0's dialog frame, top to bottom: a border, the title, an optional description, the body, the key
// hints and a border, a blank row between each. The interactive mode's dialogs and the pi components the extensions
// shim serves (terminal-dialogs.ts) both draw it.
import { Spacer, Text, type Component } from "@earendil-works/pi-tui";

export interface DialogRows {
  /** one border row; called for the top and the bottom */
  border: () => Component;
  title: Component;
  /** already styled */
  description?: string;
  body: Component;
  hint: string;
}

export function addDialogRows(add: (child: Component) => void, rows: DialogRows): void {
  add(rows.border());
  add(new Spacer(1));
  add(rows.title);
  if (rows.description) {
    add(new Spacer(1));
    add(new Text(rows.description, 1, 0));
  }
  add(new Spacer(1));
  add(rows.body);
  add(new Spacer(1));
  add(new Text(rows.hint, 1, 0));
  add(new Spacer(1));
  add(rows.border());
}
