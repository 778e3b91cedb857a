// pi in a pseudo-terminal is driven step by step by its test, so its recording is the stream of what pi wrote, with
// what the test typed, resized and killed at the points where it did and the requests the mock server got in
// between; at the end, the files pi wrote. A replay feeds the same writes to the test's own terminal emulator one at
// a time, as the test waits for a screen (so every screen the test waited for in the live run comes again), and
// checks that the test types what it typed then. The key (recording-key.ts) adds the test's name and source: the
// same test with the same inputs types the same keys.
import { changedFiles, readFolders, writeChanges, type StoredContent } from "./folder-files.js";
import { keyDrivenRun, newRequests, readRecording, saveRecording, shownEvents, type KeyedRun } from "./recording-key.js";

/** The side of a pseudo-terminal process the harness uses; a replayed one adds `step` and `drain`. */
export interface PtyChild {
  onData(listener: (data: string) => void): void;
  onExit(listener: (result: PtyExit) => void): void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  kill(signal?: string): void;
  /** replay: passes on the next thing pi did; false when the recording waits for the test (or has ended) */
  step?(): boolean;
  /** replay: passes on all pi did until the test's next move */
  drain?(): void;
  /**
   * The test's wait for a screen ends: a recording notes where in pi's output that was; a replay answers whether it
   * has got there (false: step on, though the screen already matches, so the test reads what it read live).
   */
  waited?(): boolean;
}

export interface PtyExit {
  exitCode: number;
  signal?: number;
}

type PtyEvent =
  | { out: string }
  | { in: string }
  | { resize: [cols: number, rows: number] }
  | { kill: string | null }
  | { exit: PtyExit }
  | { mock: number; requests: string }
  | { waited: true };

interface PtyRecording {
  label: string;
  events: PtyEvent[];
  files: Record<string, StoredContent | null>;
}


/**
 * pi's process in a pseudo-terminal, recorded or replayed. `input` names what decides the run (arguments, folder,
 * environment, size); `sources` the harness files whose code drives it; `spawn` starts pi for real.
 */
export async function recordedPtyChild(label: string, input: Record<string, unknown>, sources: string[], spawn: () => PtyChild): Promise<PtyChild> {
  const keyed = await keyDrivenRun(input, sources);
  if (!keyed) return spawn();
  const recording = await readRecording<PtyRecording>(keyed);
  const events = recording && shownEvents(recording.events, keyed);
  if (recording && events) return replayingChild(events, recording.files, keyed);
  const child = spawn();
  return keyed.mode === "record" ? recordingChild(child, label, keyed) : child;
}

function recordingChild(child: PtyChild, label: string, keyed: KeyedRun): PtyChild {
  const { names, before } = keyed;
  const events: PtyEvent[] = [];
  const requestsSince = newRequests(keyed);
  const noteRequests = () => events.push(...requestsSince());
  const exitListeners: Array<(result: PtyExit) => void> = [];
  child.onData((data) => {
    noteRequests();
    events.push({ out: names.hide(data) });
  });
  child.onExit((result) => {
    noteRequests();
    events.push({ exit: result });
    // the files are read before the test hears of the exit: it may remove the folders right after
    void (async () => {
      const after = await readFolders(names.temporaryFolders(), names).catch(() => undefined);
      if (after) await saveRecording(keyed, { label: names.hide(label), events, files: changedFiles(before, after) } satisfies PtyRecording);
    })()
      .catch(() => undefined)
      .finally(() => exitListeners.forEach((listener) => listener(result)));
  });
  return {
    onData: (listener) => child.onData(listener),
    onExit: (listener) => void exitListeners.push(listener),
    write(data) {
      noteRequests();
      events.push({ in: names.hide(data) });
      child.write(data);
    },
    resize(cols, rows) {
      events.push({ resize: [cols, rows] });
      child.resize(cols, rows);
    },
    kill(signal) {
      events.push({ kill: signal ?? null });
      child.kill(signal);
    },
    waited() {
      events.push({ waited: true });
      return true;
    },
  };
}

function replayingChild(events: PtyEvent[], files: PtyRecording["files"], keyed: KeyedRun): PtyChild {
  const dataListeners: Array<(data: string) => void> = [];
  const exitListeners: Array<(result: PtyExit) => void> = [];
  let next = 0;
  let exited = false;
  const exit = (result: PtyExit) => {
    if (exited) return;
    exited = true;
    void writeChanges(files, keyed.names).finally(() => exitListeners.forEach((listener) => listener(result)));
  };
  const step = (): boolean => {
    for (;;) {
      const event = events[next];
      if (!event || "in" in event || "resize" in event || "kill" in event || "waited" in event) return false;
      next++;
      if ("out" in event) {
        dataListeners.forEach((listener) => listener(event.out));
        return true;
      }
      if ("exit" in event) {
        exit(event.exit);
        return true;
      }
      const mock = keyed.mocks[event.mock]!;
      mock.replay(JSON.parse(event.requests) as typeof mock.requests);
    }
  };
  /** passes on pi's output up to the test's next move, past the ends of waits the test did not make this time */
  const drain = () => {
    while (step() || (events[next] && "waited" in events[next]! && ++next));
  };
  /** the test's move: what pi did before it is passed on, and the move must be the recorded one */
  const move = (expected: PtyEvent) => {
    drain();
    const recorded = events[next];
    if (JSON.stringify(recorded) !== JSON.stringify(expected)) {
      throw new Error(`a recorded pi run went another way: the test did ${JSON.stringify(expected)}, the recording has ${JSON.stringify(recorded)}; record it again (PITH_PI_RUNS=record)`);
    }
    next++;
  };
  return {
    onData: (listener) => void dataListeners.push(listener),
    onExit: (listener) => void exitListeners.push(listener),
    write: (data) => move({ in: data }),
    resize: (cols, rows) => move({ resize: [cols, rows] }),
    kill() {
      // a kill ends the run wherever the recording is; after the recorded one, what pi did last is passed on
      const at = events.findIndex((event, index) => index >= next && "kill" in event);
      if (at >= 0) next = at + 1;
      drain();
      if (!exited) exit({ exitCode: 0, signal: 9 });
    },
    step,
    drain,
    waited() {
      if (events[next] && !("waited" in events[next]!)) return !events.slice(next).some((event) => "waited" in event);
      if (events[next]) next++;
      return true;
    },
  };
}
