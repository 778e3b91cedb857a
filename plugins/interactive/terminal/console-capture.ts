// While the UI owns the terminal, text that code writes with console.* (an extension's stray console.log) would
// land in the middle of the drawing. It is shown as a line in the chat instead.
import { format } from "node:util";

const METHODS = ["log", "info", "warn", "error", "debug"] as const;
type Method = (typeof METHODS)[number];

export function captureConsole(show: (method: Method, text: string) => void): () => void {
  const originals = new Map<Method, (...args: unknown[]) => void>();
  for (const method of METHODS) {
    originals.set(method, console[method]);
    console[method] = (...args: unknown[]) => show(method, format(...args));
  }
  return () => {
    for (const [method, original] of originals) console[method] = original;
  };
}
