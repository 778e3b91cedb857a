import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { expandPath, resolveToCwd } from "../../plugins/tools/index.js";

describe("path handling", () => {
  it("strips a leading @, expands ~ and normalizes unusual spaces", () => {
    expect(expandPath("@src/a.ts")).toBe("src/a.ts");
    expect(expandPath("~")).toBe(homedir());
    expect(expandPath("~/notes.md")).toBe(`${homedir()}/notes.md`);
    expect(expandPath("~other/x")).toBe("~other/x");
    expect(expandPath("a\u00A0b\u2003c\u3000d")).toBe("a b c d");
  });

  it("resolves relative paths against the tool's cwd and keeps absolute ones", () => {
    expect(resolveToCwd("src/../a.ts", "/work/project")).toBe("/work/project/a.ts");
    expect(resolveToCwd("/etc/hosts", "/work/project")).toBe("/etc/hosts");
    expect(resolveToCwd("@/etc/hosts", "/work/project")).toBe("/etc/hosts");
  });
});
