// The smallest complete program: a session with pith's defaults, one prompt, the answer streamed to stdout.
// Defaults: the model from settings (else the first provider with a key), the built-in tools, skills, prompt
// templates and context files, and the session stored under ~/.pi/agent/sessions.
//
//   npx jiti docs/examples/minimal-session.ts
import { createPithSession } from "pith";

const session = await createPithSession();
session.subscribe((event) => {
  if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
    process.stdout.write(event.assistantMessageEvent.delta);
  }
  if (event.type === "tool_execution_start") process.stdout.write(`\n[${event.toolName}]\n`);
});

await session.prompt("How many files are in this folder?");
process.stdout.write("\n");
console.log(`Stored in ${session.sessionFile ?? "memory"}`);
await session.dispose();
