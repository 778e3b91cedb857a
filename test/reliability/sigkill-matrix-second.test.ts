// The SIGKILL matrix's second half (sigkill-matrix.test.ts has the first): 25 more kills with a seed of their own.
// @long-running: twenty-five CLI runs killed mid-session, then their resumption
import { describe } from "vitest";
import { sigkillMatrix } from "./sigkill-harness.js";

describe("SIGKILL at random moments, through the CLI (second half)", () => {
  sigkillMatrix({ runs: 25, seed: 7 });
});
