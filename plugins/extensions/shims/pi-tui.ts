// `@mariozechner/pi-tui` for extensions running in pith, which has no terminal UI: components are inert
// classes (constructed, accepted, rendered as their plain text at most), key helpers never match, and the text
// helpers measure and cut plain text.

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b_[^\x07]*\x07/g;

/** Any pi-tui component: accepts any constructor arguments, renders nothing it does not know. */
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

/** Text-bearing components render their text, so a caller that renders one still gets the words. */
export class Text extends InertComponent {
  private text: string;
  constructor(text = "", ..._rest: unknown[]) {
    super();
    this.text = text;
  }
  setText(text: string): void {
    this.text = text;
  }
  override render(_width: number): string[] {
    return this.text === "" ? [] : this.text.split("\n");
  }
}

export class TruncatedText extends Text {}
export class Markdown extends Text {}
export class Box extends InertComponent {}
export class Container extends InertComponent {}
export class Spacer extends InertComponent {}
export class Input extends InertComponent {
  getValue(): string {
    return "";
  }
  setValue(_value: string): void {}
}
export class Editor extends InertComponent {
  getText(): string {
    return "";
  }
  setText(_text: string): void {}
}
export class SelectList extends InertComponent {}
export class SettingsList extends InertComponent {}
export class Loader extends InertComponent {
  start(): void {}
  stop(): void {}
  setMessage(_message: string): void {}
}
export class CancellableLoader extends Loader {}
export class Image extends InertComponent {}
export class TUI extends InertComponent {
  requestRender(): void {}
  start(): void {}
  stop(): void {}
}
export class ProcessTerminal {}
export class CombinedAutocompleteProvider {
  constructor(..._args: unknown[]) {}
}
export class KeybindingsManager {
  constructor(..._args: unknown[]) {}
  matches(): boolean {
    return false;
  }
}

export const CURSOR_MARKER = "\u001B_pi:c\u0007";

export function isFocusable(component: unknown): boolean {
  return typeof component === "object" && component !== null && "focused" in component;
}

// ---- keys: no terminal input reaches an extension in pith -------------------------------------------------

const MODIFIERS = ["ctrl", "shift", "alt", "super"] as const;

function modifierName(property: string): string | undefined {
  const words = property.replace(/([A-Z])/g, " $1").toLowerCase().split(" ");
  return words.every((word) => (MODIFIERS as readonly string[]).includes(word)) ? words.join("+") : undefined;
}

/** `Key.enter` → "enter", `Key.ctrl("c")` → "ctrl+c", `Key.ctrlShift("p")` → "ctrl+shift+p". */
export const Key: Record<string, unknown> = new Proxy(
  {},
  {
    get(_target, property) {
      if (typeof property !== "string" || property === "then") return undefined;
      const modifiers = modifierName(property);
      if (modifiers) return (key: string) => `${modifiers}+${key}`;
      return property;
    },
  },
);

export function matchesKey(_data: string, _key: string): boolean {
  return false;
}
export function parseKey(_data: string): string | undefined {
  return undefined;
}
export function isKeyRelease(_data: string): boolean {
  return false;
}
export function isKeyRepeat(_data: string): boolean {
  return false;
}
export function decodeKittyPrintable(_data: string): string | undefined {
  return undefined;
}
export function isKittyProtocolActive(): boolean {
  return false;
}
export function setKittyProtocolActive(_active: boolean): void {}
export function getKeybindings(): KeybindingsManager {
  return new KeybindingsManager();
}
export function setKeybindings(_keybindings: unknown): void {}

// ---- text ----------------------------------------------------------------------------------------------------

export function visibleWidth(text: string): number {
  return [...text.replace(ANSI, "")].length;
}

export function truncateToWidth(text: string, maxWidth: number, ellipsis = "...", pad = false): string {
  const plain = [...text.replace(ANSI, "")];
  if (plain.length <= maxWidth) return pad ? plain.join("") + " ".repeat(maxWidth - plain.length) : text;
  const room = Math.max(0, maxWidth - [...ellipsis].length);
  return plain.slice(0, room).join("") + ellipsis.slice(0, maxWidth);
}

export function wrapTextWithAnsi(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const line of text.replace(ANSI, "").split("\n")) {
    const chars = [...line];
    if (chars.length === 0) lines.push("");
    for (let start = 0; start < chars.length; start += Math.max(1, width)) lines.push(chars.slice(start, start + Math.max(1, width)).join(""));
  }
  return lines;
}

export function fuzzyMatch(query: string, text: string): { matches: boolean; score: number } {
  const needle = query.toLowerCase();
  const haystack = text.toLowerCase();
  let position = 0;
  for (const char of needle) {
    position = haystack.indexOf(char, position);
    if (position === -1) return { matches: false, score: 0 };
    position++;
  }
  return { matches: true, score: needle.length / Math.max(1, haystack.length) };
}

export function fuzzyFilter<T>(items: T[], query: string, getText: (item: T) => string): T[] {
  return items.filter((item) => fuzzyMatch(query, getText(item)).matches);
}

export function hyperlink(text: string, _url: string): string {
  return text;
}
