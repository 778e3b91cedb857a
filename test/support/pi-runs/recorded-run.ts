// Runs of pi 1.6.0 (on Node 22, most of a second of CPU each) were the largest share of the suite's CPU, and they
// give the same answer every time for the same input: pi's version is pinned. So a pi run is recorded once, in
// test/pi-runs/recordings/<key>.json, and replayed while nothing it could see has changed (recording-key.ts): its
// arguments or script, the files in the temporary folders it is given (what it writes there is written back), the
// replies queued on the mock server it talks to (its requests are handed to the mock as if they had come), and the
// repository files it is pointed at. Any change makes a new key, and a run without a recording runs pi, as the test
// always did. pith's side of a comparison always runs. This file covers a run that is one call with one result;
// recorded-pty.ts and recorded-rpc.ts cover pi driven step by step.
//
// PITH_PI_RUNS: unset = replay when recorded, else run pi; "record" = run pi and (re)write the recording;
// "live" = always run pi, read and write nothing. `npm run record-pi-runs` records the whole suite anew.
// PITH_PI_RUNS_FOLDER: where recordings are (default test/pi-runs/recordings; the recorder's own test uses its own).
import type { RecordedRequest } from "../mock-llm/types.js";
import type { MockLlmRecording } from "../mock-llm/server.js";
import { changedFiles, readFolders, writeChanges, type StoredContent } from "./folder-files.js";
import type { Placeholders } from "./placeholders.js";
import { keyRun, readRecording, saveRecording } from "./recording-key.js";

export interface PiRun<T> {
  /** what the run is, in a few words, for a person reading the recording */
  label: string;
  /** all that decides the run besides folder files: arguments or script, the environment the test adds, stdin */
  input: unknown;
  /** runs pi; its result must be plain JSON data */
  run(): Promise<T>;
}

interface Recording {
  label: string;
  /** the run's result, as JSON with placeholders */
  output: string;
  files: Record<string, StoredContent | null>;
  /** per mock server met (in order of first sight): the requests sent */
  mocks: Array<{ requests: string }>;
}

export async function recordedPiRun<T>({ label, input, run }: PiRun<T>): Promise<T> {
  const keyed = await keyRun(input);
  if (!keyed) return run();
  const { names, before, mocks } = keyed;
  const recording = await readRecording<Recording>(keyed);
  const replayed = recording && (await replay(recording, names, mocks));
  if (replayed) return replayed.output as T;
  const sent = mocks.map((mock) => mock.requests.length);
  const output = await run();
  if (keyed.mode === "record") {
    const after = await readFolders(names.temporaryFolders(), names);
    if (after) {
      await saveRecording(keyed, {
        label: names.hide(label),
        output: names.hide(JSON.stringify(output)),
        files: changedFiles(before, after),
        mocks: mocks.map((mock, index) => ({ requests: names.hide(JSON.stringify(mock.requests.slice(sent[index]))) })),
      } satisfies Recording);
    }
  }
  return output;
}

async function replay(recording: Recording, names: Placeholders, mocks: MockLlmRecording[]): Promise<{ output: unknown } | undefined> {
  const output = names.show(recording.output);
  const requests = recording.mocks.map(({ requests }) => names.show(requests));
  if (output === undefined || requests.includes(undefined) || recording.mocks.length !== mocks.length) return undefined;
  if (!(await writeChanges(recording.files, names))) return undefined;
  recording.mocks.forEach((_, index) => mocks[index]!.replay(JSON.parse(requests[index]!) as RecordedRequest[]));
  return { output: JSON.parse(output) };
}
