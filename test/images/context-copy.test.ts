// A tapped `context` hook makes the kernel copy the whole conversation (structuredClone) before every request,
// which a resumed long session paid in full: the images plugin once tapped it on every run for `blockImages`.
// With every built-in loaded and no extension, nothing may tap it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { isTapped } from "../../kernel/index.js";
import { createAgentSession } from "../../sdk/create-agent-session.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

it("no built-in plugin taps the kernel's context hook; blockImages works on the request instead", async () => {
  const home = await mkdtemp(join(tmpdir(), "pith-context-copy-"));
  dirs.push(home);
  const { session } = await createAgentSession({ cwd: home, agentDir: join(home, "agent"), extensions: false, noSession: true, noMcp: true });
  try {
    expect(isTapped(session.hooks.context)).toBe(false);
    expect(isTapped(session.hooks.context_with_system)).toBe(true);
  } finally {
    await session.dispose();
  }
});
