// Sessions on disk and in memory, several at once in one process: a runtime holds them, one is current.
// Stored sessions are pi's JSONL files (~/.pi/agent/sessions/<project>/...); in-memory ones leave nothing.
//
//   npx jiti docs/examples/sessions.ts
import { createAgentSessionRuntime } from "pith";

const runtime = await createAgentSessionRuntime({ noTools: true });

// On disk: the first session of the runtime.
const notes = runtime.session;
await notes.prompt("Remember this: the deploy key rotates on Fridays.");
const notesId = notes.sessionId;
console.log(`on disk: ${notes.sessionFile}`);

// In memory, beside it: a scratch session that is never written.
const scratch = await runtime.create({ noSession: true });
await scratch.prompt("Give me a random word.");
console.log(`in memory: ${scratch.sessionFile ?? "(no file)"}, current: ${runtime.session === scratch}`);

// Back to the first one; start a new conversation in it, then return to the old one by id prefix.
runtime.switchTo(notes);
await notes.newSession();
await notes.prompt("Unrelated question: what is 6 times 7?");
await notes.switchSession(notesId.slice(0, 23));
console.log(`switched back: ${notes.sessionId === notesId}, ${notes.getMessages().length} messages`);

// Fork the first question into a new session file: its text comes back to be edited and sent again.
const [firstQuestion] = notes.getForkMessages();
const fork = await notes.fork(firstQuestion!.entryId);
console.log(`forked: "${fork.text}" into ${notes.sessionFile}`);

// Close a session and open it again later, e.g. in another run of the program.
await runtime.close(notes);
const reopened = await runtime.resume(notesId);
console.log(`resumed: ${reopened.getLastAssistantText()}`);

// Ends every session: replies, tool processes and timers stop, files and locks are closed.
await runtime.dispose();
