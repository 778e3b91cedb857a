// Child process for the crash tests (bundled with esbuild, run with node).
//   stream <sessionDir>  writes a scripted streamed session forever, printing "ok <id>" after each append
//   hold <file>          opens a session for writing, prints "holding", and waits
import { writeSync } from "node:fs";
import { dirname } from "node:path";
import { JsonlSessionStore, SessionManager } from "../../plugins/sessions/index.js";
import { assistant, toolResult, user } from "./messages.js";

const [mode, target] = process.argv.slice(2) as [string, string];
const say = (line: string) => writeSync(1, `${line}\n`);

if (mode === "hold") {
  const manager = SessionManager.open(new JsonlSessionStore({ agentDir: dirname(target) }), target);
  say(`holding ${manager.getSessionId()}`);
  setInterval(() => undefined, 1000);
} else {
  const store = new JsonlSessionStore({ agentDir: target, sessionDir: target });
  const manager = SessionManager.create(store, "/crash/test");
  say(`file ${manager.getSessionFile()}`);
  manager.appendModelChange("anthropic", "claude-test");
  let turn = 0;
  for (;;) {
    turn++;
    say(`ok ${manager.appendMessage(user(`question ${turn}`))}`);
    // large, varied sizes make the kill land inside a write now and then
    say(`ok ${manager.appendMessage(assistant("a".repeat(1000 + ((turn * 7919) % 200_000))))}`);
    say(`ok ${manager.appendMessage(toolResult("r".repeat(1000 + ((turn * 104_729) % 900_000))))}`);
  }
}
