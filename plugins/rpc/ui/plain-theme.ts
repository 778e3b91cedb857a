// RPC has no terminal, so styling is the identity: extensions that colour their text through `ctx.ui.theme`
// send plain text instead of escape codes.
import type { UiTheme } from "../../../lib/ui/ui-types.js";

const same = (text: string): string => text;

export const PLAIN_THEME: UiTheme = Object.freeze({
  fg: (_color: string, text: string) => text,
  bg: (_color: string, text: string) => text,
  bold: same,
  italic: same,
  underline: same,
  inverse: same,
  strikethrough: same,
});
