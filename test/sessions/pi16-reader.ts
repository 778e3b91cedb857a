// pi 1.6.0's own SessionManager as a reader of session files, in one Node 22 process for all of a test file's reads
// (pi16-read.mjs), and the writer of pi16-write.mjs's session: each request is a line out and a line back, in order.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { NODE22 } from "../support/pi-node22.js";
import { recordedPiRun } from "../support/pi-runs/recorded-run.js";

export interface PiView {
  entries: unknown[];
  leafId: string | null;
  context: { messages: { role: string }[] };
  tree: unknown[];
  name?: string;
}

export interface PiReader {
  /** What pi reads from `file`, at `leaf` if given (else at the file's last entry). */
  read(file: string, leaf?: string): Promise<PiView>;
  /** pi writes pi16-write.mjs's session in `sessionDir` for a project in `cwd`: the file's path. */
  write(cwd: string, sessionDir: string): Promise<string>;
  close(): Promise<void>;
}

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

const READER = root("test/sessions/pi16-read.mjs");

/** The reader; its Node 22 process starts at the first request that has no recording (test/support/pi-runs). */
export function startPiReader(): PiReader {
  let reader: ReturnType<typeof spawnReader> | undefined;
  const live = () => (reader ??= spawnReader());
  return {
    read: (file, leaf) =>
      recordedPiRun({ label: `pi reads ${file}`, input: { reader: READER, file, leaf }, run: async () => (await live().ask({ file, leaf }, `read ${file}`)).view! }),
    write: (cwd, sessionDir) =>
      recordedPiRun({
        label: `pi writes a session in ${sessionDir}`,
        input: { reader: READER, write: { cwd, sessionDir } },
        run: async () => (await live().ask({ write: { cwd, sessionDir } }, `write a session in ${sessionDir}`)).file!,
      }),
    close: () => reader?.close() ?? Promise.resolve(),
  };
}

function spawnReader() {
  const piIndex = pathToFileURL(root("node_modules/@earendil-works/pi-coding-agent/dist/index.js")).href;
  const child = spawn(NODE22, [READER, piIndex], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  type Reply = { view?: PiView; file?: string; error?: string };
  const waiting: { what: string; resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  const exited = new Promise<void>((resolve) =>
    child.once("close", (code) => {
      for (const { what, reject } of waiting.splice(0)) reject(new Error(`pi could not ${what}: the reader exited (${code}): ${stderr}`));
      resolve();
    }),
  );
  createInterface({ input: child.stdout }).on("line", (line) => {
    const reply = JSON.parse(line) as Reply;
    const { what, resolve, reject } = waiting.shift()!;
    if (reply.error === undefined) resolve(reply);
    else reject(new Error(`pi could not ${what}: ${reply.error}`));
  });
  return {
    ask: (request: object, what: string) =>
      new Promise<Reply>((resolve, reject) => {
        waiting.push({ what, resolve, reject });
        child.stdin.write(`${JSON.stringify(request)}\n`);
      }),
    close() {
      child.stdin.end();
      return exited;
    },
  };
}
