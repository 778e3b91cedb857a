// The shape of streamed JSON text that the served StreamingJsonParser keeps for its snapshots: how long the number
// or literal still open at the end is, and how many containers were closed, read from each piece alone.
import { forEachStructuralCharacter, type ScanState } from "../../../../lib/json/structural-characters.js";

const DELIMITERS = new Set([" ", "\t", "\n", "\r", ",", ":", "{", "}", "[", "]", '"']);

export interface TextShape {
  /** how many characters at the end are a number or literal that may still go on (0 inside a string) */
  openScalar: number;
  /** how many containers were closed */
  closers: number;
  /** where the scan of the text stopped */
  scan: ScanState;
}

/** The shape of the text so far once `piece` is added to it. */
export function extendShape(before: TextShape, piece: string): TextShape {
  // the run of scalar characters at the end, which the piece may continue
  let run = before.scan.inString ? 0 : before.openScalar;
  let closers = before.closers;
  const scan = forEachStructuralCharacter(
    piece,
    (char) => {
      if (char === "}" || char === "]") closers++;
      run = DELIMITERS.has(char) ? 0 : run + 1;
    },
    before.scan,
  );
  return { openScalar: scan.inString ? 0 : run, closers, scan };
}
