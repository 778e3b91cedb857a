// A walk over JSON text that tells the characters outside strings (braces, brackets, commas, words) from those
// inside, through escapes; for readers of text that may stop anywhere.

/** Calls `visit` with each character outside strings (the opening quote included); true when the text ends inside a string. */
export function forEachStructuralCharacter(text: string, visit: (char: string) => void): { inString: boolean; escaped: boolean } {
  let inString = false;
  let escaped = false;
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
