// What pi 1.6.0's own SessionManager reads from a session file, run under Node 22. Given a file after pi's index,
// prints that one view (tests that read once). Without one, as test/sessions/pi16-reader.ts runs it, answers each
// line of stdin ({ file, leaf? }) with one line ({ view } or { error }): one process serves a whole test file, as
// loading pi's modules costs seconds of CPU and reading a session file next to nothing. A line { write: { cwd,
// sessionDir } } has pi write pi16-write.mjs's session instead, answered with { file }.
import { createInterface } from "node:readline";
import { writePiSession } from "./pi16-write.mjs";

const [, , piIndex, onlyFile] = process.argv;
const { SessionManager } = await import(piIndex);
const shape = (nodes) => nodes.map((node) => ({ id: node.entry.id, label: node.label, children: shape(node.children) }));

function read(file, leaf) {
  const manager = SessionManager.open(file);
  // read at another leaf than the file's last entry
  if (leaf) manager.branch(leaf);
  return { entries: manager.getEntries(), leafId: manager.getLeafId(), context: manager.buildSessionContext(), tree: shape(manager.getTree()), name: manager.getSessionName() };
}

if (onlyFile) process.stdout.write(`${JSON.stringify(read(onlyFile))}\n`);
else {
  for await (const line of createInterface({ input: process.stdin })) {
    const { file, leaf, write } = JSON.parse(line);
    let reply;
    try {
      reply = write ? { file: writePiSession(SessionManager, write.cwd, write.sessionDir) } : { view: read(file, leaf) };
    } catch (error) {
      reply = { error: String(error?.stack ?? error) };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
}
