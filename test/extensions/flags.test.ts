// The second command-line pass: extension flags parsed from the options the CLI did not know.
import { describe, expect, it } from "vitest";
import { parseExtensionFlags } from "../../plugins/extensions/index.js";

const flags = [
  { name: "plan", type: "boolean" as const },
  { name: "ssh", type: "string" as const },
];

describe("parseExtensionFlags", () => {
  it("reads booleans, --no- booleans, strings with a space or an equals sign, and keeps the rest", () => {
    const parsed = parseExtensionFlags(["--plan", "explain this", "--ssh", "host:22", "-x", "--other", "--", "--plan"], flags);
    expect(Object.fromEntries(parsed.values)).toEqual({ plan: true, ssh: "host:22" });
    expect(parsed.rest).toEqual(["explain this", "--plan"]);
    expect(parsed.unknown).toEqual(["-x", "--other"]);
    expect(parsed.errors).toEqual([]);

    expect(Object.fromEntries(parseExtensionFlags(["--no-plan", "--ssh=box"], flags).values)).toEqual({ plan: false, ssh: "box" });
    expect(Object.fromEntries(parseExtensionFlags(["--plan=false"], flags).values)).toEqual({ plan: false });
  });

  it("a boolean flag never swallows the next word (unlike pi); a string flag without a value is an error", () => {
    const parsed = parseExtensionFlags(["--plan", "do", "it", "--ssh"], flags);
    expect(Object.fromEntries(parsed.values)).toEqual({ plan: true });
    expect(parsed.rest).toEqual(["do", "it"]);
    expect(parsed.errors).toEqual(["--ssh needs a value: --ssh <value>"]);
    expect(parseExtensionFlags(["--plan=maybe"], flags).errors).toEqual(["--plan is an on/off flag: write --plan or --no-plan, not --plan=maybe"]);
  });
});
