// pi in RPC mode is driven line by line by its test, so its recording is what pi wrote to stdout and stderr, with
// the lines the test sent (and the end of its input, a kill) at the points where it did and the requests the mock
// server got in between; at the end, pi's exit and the files it wrote. A replay checks that the test sends what it
// sent then, and after each of its lines hands over what pi wrote until the next one. The key (recording-key.ts)
// adds the test's name and source: the same test with the same inputs sends the same lines. A test whose moves
// depend on time or on files pi writes while it runs (polling a log, changing a key file) cannot be replayed: it
// asks spawnPiRpc for a live pi.
import { PassThrough, Writable, type Readable } from "node:stream";
import { changedFiles, readFolders, writeChanges, type StoredContent } from "./folder-files.js";
import { keyDrivenRun, newRequests, readRecording, saveRecording, shownEvents, type KeyedRun } from "./recording-key.js";

export interface RpcExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process in RPC mode as its test sees it: its pipes, its pid, a way to kill it, and its end. */
export interface RpcProcess {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  pid: number | undefined;
  kill(signal?: NodeJS.Signals): boolean;
  exited: Promise<RpcExit>;
}

type RpcEvent = { out: string } | { err: string } | { in: string } | { end: true } | { kill: string | null } | { exit: RpcExit } | { mock: number; requests: string };

interface RpcRecording {
  label: string;
  pid: number | undefined;
  events: RpcEvent[];
  files: Record<string, StoredContent | null>;
}


/** pi in RPC mode, recorded or replayed; `spawn` starts it for real. The pipes work at once; the run starts behind them. */
export function recordedRpcProcess(label: string, input: Record<string, unknown>, sources: string[], spawn: () => RpcProcess): RpcProcess {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const sent: Array<string | typeof END> = [];
  let deliver: ((piece: string | typeof END) => void) | undefined;
  const stdin = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = String(chunk);
      if (deliver) deliver(text);
      else sent.push(text);
      done();
    },
    final(done) {
      if (deliver) deliver(END);
      else sent.push(END);
      done();
    },
  });
  let killed: NodeJS.Signals | undefined;
  let target: { kill(signal?: NodeJS.Signals): boolean } | undefined;
  let pid: number | undefined;
  const exited = (async (): Promise<RpcExit> => {
    const keyed = await keyDrivenRun(input, sources);
    const recording = keyed && (await readRecording<RpcRecording>(keyed));
    const events = recording && keyed ? shownEvents(recording.events, keyed) : undefined;
    const run = recording && events && keyed ? replay(events, recording.files, keyed, { stdout, stderr }) : live(spawn(), keyed, label, { stdout, stderr });
    pid = recording && events ? recording.pid : run.pid;
    target = run;
    deliver = run.deliver;
    for (const piece of sent.splice(0)) run.deliver(piece);
    if (killed) run.kill(killed);
    return run.exited;
  })();
  return {
    stdin,
    stdout,
    stderr,
    get pid() {
      return pid;
    },
    kill(signal = "SIGTERM") {
      if (target) return target.kill(signal);
      killed = signal;
      return true;
    },
    exited,
  };
}

const END = Symbol("end of input");

interface Run {
  pid: number | undefined;
  deliver(piece: string | typeof END): void;
  kill(signal: NodeJS.Signals): boolean;
  exited: Promise<RpcExit>;
}

function live(child: RpcProcess, keyed: KeyedRun | undefined, label: string, pipes: { stdout: PassThrough; stderr: PassThrough }): Run {
  const events: RpcEvent[] = [];
  const requestsSince = newRequests(keyed);
  const noteRequests = () => events.push(...requestsSince());
  const hide = (text: string) => keyed?.names.hide(text) ?? text;
  child.stdout.on("data", (chunk: Buffer) => {
    noteRequests();
    events.push({ out: hide(chunk.toString("utf8")) });
    pipes.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    events.push({ err: hide(chunk.toString("utf8")) });
    pipes.stderr.write(chunk);
  });
  const exited = child.exited.then(async (result) => {
    noteRequests();
    events.push({ exit: result });
    pipes.stdout.end();
    pipes.stderr.end();
    if (keyed?.mode === "record") {
      const after = await readFolders(keyed.names.temporaryFolders(), keyed.names);
      if (after) await saveRecording(keyed, { label: keyed.names.hide(label), pid: child.pid, events, files: changedFiles(keyed.before, after) } satisfies RpcRecording);
    }
    return result;
  });
  return {
    pid: child.pid,
    deliver(piece) {
      noteRequests();
      if (piece === END) {
        events.push({ end: true });
        child.stdin.end();
      } else {
        events.push({ in: hide(piece) });
        child.stdin.write(piece);
      }
    },
    kill(signal) {
      events.push({ kill: signal });
      return child.kill(signal);
    },
    exited,
  };
}

function replay(events: RpcEvent[], files: RpcRecording["files"], keyed: KeyedRun, pipes: { stdout: PassThrough; stderr: PassThrough }): Run {
  let next = 0;
  let filesWritten: Promise<boolean> = Promise.resolve(true);
  let finish: (result: RpcExit) => void = () => undefined;
  const exited = new Promise<RpcExit>((resolve) => (finish = resolve));
  let ended = false;
  const end = (result: RpcExit) => {
    if (ended) return;
    ended = true;
    pipes.stdout.end();
    pipes.stderr.end();
    void filesWritten.finally(() => finish(result));
  };
  /** hands over what pi did up to the test's next move (or its exit) */
  const flow = () => {
    if (ended) return;
    for (let event = events[next]; event && !("in" in event) && !("end" in event) && !("kill" in event); event = events[++next]) {
      if ("out" in event) pipes.stdout.write(event.out);
      else if ("err" in event) pipes.stderr.write(event.err);
      else if ("exit" in event) end(event.exit);
      else keyed.mocks[event.mock]!.replay(JSON.parse(event.requests) as Parameters<(typeof keyed.mocks)[number]["replay"]>[0]);
    }
  };
  // the files pi wrote are there from the start: a test may read one while pi still runs (when it wrote it is not
  // recorded), and one written later was not there to be read before
  filesWritten = writeChanges(files, keyed.names);
  void filesWritten.then(flow);
  return {
    pid: undefined,
    deliver(piece) {
      if (ended) return;
      // what pi wrote before this line in the live run is passed on first
      flow();
      const expected: RpcEvent = piece === END ? { end: true } : { in: piece };
      const recorded = events[next];
      if (JSON.stringify(recorded) !== JSON.stringify(expected)) {
        pipes.stderr.write(`a recorded pi run went another way: the test sent ${JSON.stringify(expected)}, the recording has ${JSON.stringify(recorded)}; record it again (PITH_PI_RUNS=record)\n`);
        end({ code: 99, signal: null });
        return;
      }
      next++;
      void filesWritten.then(() => setImmediate(flow));
    },
    kill() {
      const at = events.findIndex((event, index) => index >= next && "kill" in event);
      next = at >= 0 ? at + 1 : events.length;
      const exit = events.slice(next).find((event): event is { exit: RpcExit } => "exit" in event);
      flow();
      end(exit?.exit ?? { code: null, signal: "SIGKILL" });
      return true;
    },
    exited,
  };
}
