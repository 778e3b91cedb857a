// Handles closed during a shutdown (a tool's child process, its pipes) are only released in the event loop's
// close phase. A setImmediate runs in the check phase, just before it; the second one runs in the next loop
// turn, after it. Waiting for both means a disposed session really holds nothing when dispose() resolves.
export async function closePhasePassed(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}
