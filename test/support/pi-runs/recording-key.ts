// The key of a recorded pi run (recorded-run.ts, recorded-pty.ts, recorded-rpc.ts): everything the run could see, with
// temporary folders, ports, ids and the repository's path as placeholders; and where its recording is kept.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { replaceFile } from "../../../lib/fs/replace-file.js";
import { mockLlmOnPort, type MockLlmRecording } from "../mock-llm/server.js";
import { PI16_PACKAGE, REPOSITORY } from "../pi-paths.js";
import { folderKey, readFolders, type FolderState } from "./folder-files.js";
import { Placeholders } from "./placeholders.js";

const RECORDINGS = join(REPOSITORY, "test/pi-runs/recordings");

export function piRunsMode(): "replay" | "record" | "live" {
  const mode = process.env.PITH_PI_RUNS ?? "replay";
  if (mode === "replay" || mode === "record" || mode === "live") return mode;
  throw new Error(`PITH_PI_RUNS=${mode}: expected "record", "live" or nothing`);
}

/** A run about to start, keyed: what its recording needs to be written or replayed. */
export interface KeyedRun {
  mode: "replay" | "record";
  names: Placeholders;
  /** the files of the folders the run can see, before it */
  before: FolderState;
  /** the mock servers it talks to, in order of first sight */
  mocks: MockLlmRecording[];
  /** the recording's file */
  file: string;
  /** how many folders and ports the key names: a recording naming more could not be put back into another run */
  named: number;
}

/** The run's key; undefined when the run is to go unrecorded (live mode, a server other than the mock, too many files). */
export async function keyRun(input: unknown): Promise<KeyedRun | undefined> {
  const mode = piRunsMode();
  if (mode === "live") return undefined;
  const names = new Placeholders();
  const hiddenInput = names.hide(JSON.stringify(input));
  const before = await readAllFolders(names);
  const mocks = before && mocksMet(names);
  if (!before || !mocks) return undefined;
  const repository = repositoryFiles(hiddenInput, before, names);
  const queued = mocks.map((mock) => names.hide(JSON.stringify(mock.scriptedAhead())));
  // a reply a function computes may close over the test's values: the test's source joins the key
  const testSource = queued.some((replies) => replies.includes("<function ")) ? sourceOfTest() : "";
  const material = JSON.stringify({ pi: PI_VERSION, input: hiddenInput, files: folderKey(before), mocks: queued, repository, testSource, mockServer: mocks.length > 0 ? mockServerSource() : "" });
  const key = createHash("sha256").update(material).digest("hex").slice(0, 32);
  names.keyDone();
  // PITH_PI_RUNS_KEYS=<folder>: each run's key material, to find out why a run misses its recording
  if (process.env.PITH_PI_RUNS_KEYS) {
    const texts = Object.fromEntries([...before].map(([path, { content, hidden }]) => [path, hidden !== undefined && content.length < 8192 ? hidden : content.length]));
    await writeFile(join(process.env.PITH_PI_RUNS_KEYS, `${key}.json`), JSON.stringify({ ...(JSON.parse(material) as object), texts }, null, 1));
  }
  const file = join(process.env.PITH_PI_RUNS_FOLDER ?? RECORDINGS, `${key}.json`);
  return { mode, names, before, mocks, file, named: names.temporaryFolders().length + names.portsMet().length };
}

/**
 * Variables of the test process's own environment that change pi's answers in these tests: a run's key holds their
 * values whether the test set them or not (vitest.config.ts empties EDITOR and VISUAL, which `npm run` sets).
 */
const INHERITED_IN_KEY = ["EDITOR", "VISUAL", "SHELL", "LANG", "LC_ALL", "TZ"];

/** What a run's key holds of the environment `env` it gets: what differs from the test process's, and the above. */
export function keyedEnvironment(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const keyed: Record<string, string | undefined> = {};
  for (const name of Object.keys({ ...env, ...process.env }).sort()) {
    if (env[name] !== process.env[name] || INHERITED_IN_KEY.includes(name)) keyed[name] = env[name];
  }
  return keyed;
}

const runsPerTest = new Map<string, number>();

/**
 * The key of a run its test drives step by step (in a terminal, in RPC mode): the test's name, source and the
 * harness `sources` join it, and which of the test's runs of pi this is; the same test with the same inputs makes
 * the same moves.
 */
export function keyDrivenRun(input: Record<string, unknown>, sources: string[]): Promise<KeyedRun | undefined> {
  const { testPath = "", currentTestName = "" } = expect.getState();
  const test = `${testPath}\0${currentTestName}`;
  const ordinal = (runsPerTest.get(test) ?? 0) + 1;
  runsPerTest.set(test, ordinal);
  const code = [testPath, ...sources].map((file) => createHash("sha256").update(readFileSync(file)).digest("hex"));
  return keyRun({ ...input, test: currentTestName, ordinal, code });
}

/** The next driven run of the current test counts as its first again (the recorder's own test replays within one test). */
export function countRunsAfresh(): void {
  runsPerTest.clear();
}

/** The requests a driven run's mock servers got since it was last called: events of its recording, in order. */
export function newRequests(keyed: KeyedRun | undefined): () => Array<{ mock: number; requests: string }> {
  const seen = keyed?.mocks.map((mock) => mock.requests.length) ?? [];
  return () =>
    (keyed?.mocks ?? []).flatMap((mock, index) => {
      if (mock.requests.length === seen[index]) return [];
      const requests = keyed!.names.hide(JSON.stringify(mock.requests.slice(seen[index])));
      seen[index] = mock.requests.length;
      return [{ mock: index, requests }];
    });
}

/**
 * A driven run's recorded events with this run's folders, ports and ids put back; undefined when they name one it
 * does not have, or a mock server it does not talk to.
 */
export function shownEvents<Event extends object>(events: Event[], keyed: KeyedRun): Event[] | undefined {
  const shown = keyed.names.show(JSON.stringify(events));
  const parsed = shown === undefined ? undefined : (JSON.parse(shown) as Event[]);
  return parsed?.every((event) => !("mock" in event) || (event.mock as number) < keyed.mocks.length) ? parsed : undefined;
}

/** The recording to replay, if this run replays and one was made; the run's placeholders learn when it was made. */
export async function readRecording<T>(run: KeyedRun): Promise<T | undefined> {
  if (run.mode !== "replay" || !existsSync(run.file)) return undefined;
  const recording = JSON.parse(await readFile(run.file, "utf8")) as T & { recordedAt?: number };
  if (typeof recording.recordedAt !== "number") return undefined;
  run.names.replayingFrom(recording.recordedAt);
  return recording;
}

/**
 * Writes the recording with the time it is made (a replay moves times pi set ahead of it), unless what it holds names
 * a folder or port the key does not (`names` met it since).
 */
export async function saveRecording(run: KeyedRun, recording: unknown): Promise<void> {
  if (run.names.temporaryFolders().length + run.names.portsMet().length !== run.named) return;
  await mkdir(dirname(run.file), { recursive: true });
  await replaceFile(run.file, `${JSON.stringify({ recordedAt: Date.now(), ...(recording as object) }, null, 1)}\n`);
}

/** The temporary folders the input names, and those their files name in turn. */
async function readAllFolders(names: Placeholders): Promise<FolderState | undefined> {
  let read = 0;
  const state: FolderState = new Map();
  while (read < names.temporaryFolders().length) {
    const folders = names.temporaryFolders().slice(read);
    read += folders.length;
    const more = await readFolders(folders, names);
    if (!more) return undefined;
    for (const [path, entry] of more) state.set(path, entry);
  }
  return state;
}

/** The mock servers behind the ports met; undefined when a port is something else (a server no key can capture). */
function mocksMet(names: Placeholders): MockLlmRecording[] | undefined {
  const mocks: MockLlmRecording[] = [];
  for (const port of names.portsMet()) {
    const mock = mockLlmOnPort(port);
    if (!mock) return undefined;
    mocks.push(mock);
  }
  return mocks;
}

/** Hashes of the repository files named in the input or the folders' files, with their folder's other files. */
function repositoryFiles(hiddenInput: string, folders: FolderState, names: Placeholders): Array<[string, string]> {
  // binary files are read as text too: a path may stand among their bytes
  const texts = [hiddenInput, ...[...folders.values()].map(({ content, hidden }) => hidden ?? names.hide(content.toString("utf8")))];
  const named = new Set<string>();
  for (const text of texts) for (const [, path] of text.matchAll(/<repo>\/((?!node_modules\/)[\w@./-]+)/g)) named.add(path!);
  const hashes: Array<[string, string]> = [];
  for (const path of [...named].sort()) {
    const full = join(REPOSITORY, path);
    if (!existsSync(full)) continue;
    const folder = statSync(full).isDirectory() ? full : dirname(full);
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: folder === full })) {
      if (!entry.isFile() || entry.parentPath.includes("node_modules")) continue;
      const file = join(entry.parentPath, entry.name);
      hashes.push([file.slice(REPOSITORY.length), createHash("sha256").update(readFileSync(file)).digest("hex")]);
    }
  }
  return hashes;
}

function sourceOfTest(): string {
  const { testPath } = expect.getState();
  return testPath ? createHash("sha256").update(readFileSync(testPath)).digest("hex") : "";
}

let mockServerHash: string | undefined;
function mockServerSource(): string {
  const folder = join(REPOSITORY, "test/support/mock-llm");
  mockServerHash ??= createHash("sha256")
    .update(readdirSync(folder).sort().map((name) => readFileSync(join(folder, name), "utf8")).join("\0"))
    .digest("hex");
  return mockServerHash;
}

const PI_VERSION = (JSON.parse(readFileSync(join(PI16_PACKAGE, "package.json"), "utf8")) as { version: string }).version;
