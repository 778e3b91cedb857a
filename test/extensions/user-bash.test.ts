// user_bash fails closed (pi 1.6.0): a handler that throws or answers with something that is neither
// {operations} nor {result} stops the user's command; it never runs on the machine instead.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserBashService } from "../../plugins/session-services/user-bash.js";
import { createWorld, startSession, type World } from "./harness.js";

let world: World;
beforeEach(async () => {
  world = await createWorld();
});
afterEach(() => world.close());

let files = 0;
async function userBashWith(handlerBody: string): Promise<{ bash: UserBashService; messages: () => readonly { role: string }[] }> {
  const path = await world.write(`ext/bash-${++files}.ts`, `export default function (pi: any) { pi.on("user_bash", (event: any) => { ${handlerBody} }); }`);
  const { session } = await startSession(world, { paths: [path] });
  return { bash: session.registry.services.get("userBash")! as UserBashService, messages: () => session.messages };
}

describe("user_bash fails closed", () => {
  it("a throwing handler stops the command, naming the extension", async () => {
    const { bash, messages } = await userBashWith(`throw new Error("sandbox unavailable");`);
    await expect(bash.execute("touch ran.txt")).rejects.toThrow(/ext\/bash-\d+\.ts failed in user_bash: sandbox unavailable/);
    expect(existsSync(join(world.project, "ran.txt"))).toBe(false);
    expect(messages()).toEqual([]);
  });

  it.each([
    ["a result and operations at once", `return { result: { output: "", exitCode: 0, cancelled: false, truncated: false }, operations: { exec: async () => ({ exitCode: 0 }) } };`],
    ["operations without exec", `return { operations: {} };`],
    ["a result without its fields", `return { result: { output: "x" } };`],
    ["null", `return null;`],
  ])("%s stops the command", async (_what, body) => {
    const { bash } = await userBashWith(body);
    await expect(bash.execute("touch ran.txt")).rejects.toThrow(/failed in user_bash: invalid result/);
    expect(existsSync(join(world.project, "ran.txt"))).toBe(false);
  });

  it("no answer runs it here; operations run it there", async () => {
    const here = await userBashWith(`return undefined;`);
    expect(await here.bash.execute("touch ran.txt")).toMatchObject({ exitCode: 0, cancelled: false });
    expect(existsSync(join(world.project, "ran.txt"))).toBe(true);

    const there = await userBashWith(`return { operations: { exec: async (command: string, _cwd: string, { onData }: any) => { onData(Buffer.from("elsewhere: " + command)); return { exitCode: 3 }; } } };`);
    expect(await there.bash.execute("ls")).toMatchObject({ output: "elsewhere: ls", exitCode: 3 });
  });
});
