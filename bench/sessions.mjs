// Session files at scale: filled in by the sessions plugin's generators once they exist.
import { existsSync } from "node:fs";
import { join } from "node:path";

export async function benchSessions({ jiti, root }) {
  const support = join(root, "plugins/sessions/bench-support.ts");
  if (!existsSync(support)) {
    console.log("sessions: no benchmark yet");
    return;
  }
  const { benchSessionFiles } = await jiti.import(support);
  await benchSessionFiles({ log: (line) => console.log(line) });
}
