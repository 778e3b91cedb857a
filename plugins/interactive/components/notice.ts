// One line of news in the chat: a dim status, a yellow warning or a red error, after a blank line.
import { PaddedText } from "../extensions/output-pad.js";
import type { Theme } from "../theme/theme.js";

export type NoticeKind = "status" | "info" | "warning" | "error";

export class Notice extends PaddedText {
  constructor(
    readonly kind: NoticeKind,
    message: string,
    private readonly theme: Theme,
  ) {
    super(noticeText(kind, message, theme));
  }

  /** says something else in the same place (a running total) */
  setMessage(message: string): void {
    this.setText(noticeText(this.kind, message, this.theme));
  }
}

function noticeText(kind: NoticeKind, message: string, theme: Theme): string {
  const body =
    kind === "error" ? theme.fg("error", `Error: ${message}`) : kind === "warning" ? theme.fg("warning", `Warning: ${message}`) : kind === "info" ? message : theme.fg("dim", message);
  return `\n${body}`;
}
