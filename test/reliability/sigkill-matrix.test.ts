// SIGKILL at 25 seeded random moments through the real CLI, then every file resumed (test/reliability/sigkill-harness.ts);
// sigkill-matrix-second.test.ts kills 25 more with another seed, side by side with this file.
// @long-running: twenty-five CLI runs killed mid-session, then their resumption
import { describe } from "vitest";
import { sigkillMatrix } from "./sigkill-harness.js";

describe("SIGKILL at random moments, through the CLI (first half)", () => {
  sigkillMatrix({ runs: 25, seed: 18 });
});
