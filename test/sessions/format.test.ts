import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  encodeCwd,
  expandTilde,
  parseJsonlBuffer,
  resolveAgentDir,
  resolveSessionDir,
  sessionFileName,
  uuidv7,
  uuidv7Time,
} from "../../plugins/sessions/index.js";

describe("locations", () => {
  it("encodes a cwd as pi does", () => {
    expect(encodeCwd("/home/u/proj")).toBe("--home-u-proj--");
    expect(encodeCwd("C:\\Users\\me\\code")).toBe("--C--Users-me-code--");
    expect(encodeCwd("\\\\server\\share")).toBe("---server-share--");
  });

  it("names files <ISO with : and . replaced>_<id>.jsonl", () => {
    expect(sessionFileName("2024-12-03T14:00:00.000Z", "abc")).toBe("2024-12-03T14-00-00-000Z_abc.jsonl");
  });

  it("takes --session-dir over the environment over settings, expanding ~ in the last two", () => {
    const env = { PI_CODING_AGENT_SESSION_DIR: "~/from-env" };
    expect(resolveSessionDir({ flag: "/flag", env, setting: "/setting", home: "/h" })).toBe("/flag");
    expect(resolveSessionDir({ env, setting: "/setting", home: "/h" })).toBe(join("/h", "from-env"));
    expect(resolveSessionDir({ env: {}, setting: "~/s", home: "/h" })).toBe(join("/h", "s"));
    expect(resolveSessionDir({ env: {}, home: "/h" })).toBeUndefined();
  });

  it("finds the agent dir from PI_CODING_AGENT_DIR or ~/.pi/agent", () => {
    expect(resolveAgentDir({ PI_CODING_AGENT_DIR: "~/agent" }, "/h")).toBe(join("/h", "agent"));
    expect(resolveAgentDir({}, "/h")).toBe(join("/h", ".pi", "agent"));
    expect(expandTilde("~", "/h")).toBe("/h");
    expect(expandTilde("/abs/~", "/h")).toBe("/abs/~");
  });
});

describe("uuidv7", () => {
  it("sets version 7 and the RFC variant, and carries the creation time", () => {
    // ids never go back in time within a process, and test files share processes: a time after the last id's
    const now = Math.max(Date.now(), uuidv7Time(uuidv7())!) + 1000;
    const id = uuidv7(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidv7Time(id)).toBe(now);
    expect(uuidv7Time("not-a-uuid")).toBeUndefined();
  });

  it("is strictly increasing within one millisecond and unique across many", () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never goes back when the clock does", () => {
    const later = uuidv7(1_800_000_000_000);
    const earlier = uuidv7(1_700_000_000_000);
    expect(earlier > later).toBe(true);
  });
});

describe("parseJsonlBuffer", () => {
  it("handles a byte order mark, CRLF, blank lines and multi-byte characters", () => {
    const text = '\ufeff{"a":"é"}\r\n\n   \n{"b":"日本"}\n';
    const parsed = parseJsonlBuffer(Buffer.from(text, "utf8"), "f");
    expect(parsed.records).toEqual([
      { line: 1, value: { a: "é" } },
      { line: 4, value: { b: "日本" } },
    ]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.torn).toBe(false);
    expect(parsed.completeBytes).toBe(Buffer.byteLength(text));
  });
});
