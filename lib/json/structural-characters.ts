// A walk over JSON text that tells the characters outside strings (braces, brackets, commas, words) from those
// inside, through escapes; for readers of text that may stop anywhere.

export interface ScanState {
  inString: boolean;
  escaped: boolean;
}

/**
 * Calls `visit` with each character outside strings (the opening quote included), starting in state `from` (where
 * the text before ended); the state at the end of the text.
 */
export function forEachStructuralCharacter(text: string, visit: (char: string) => void, from: ScanState = { inString: false, escaped: false }): ScanState {
  let { inString, escaped } = from;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    visit(char);
  }
  return { inString, escaped };
}
