import { describe, expect, it } from "vitest";
import { parseSource, sourceIdentity } from "../../plugins/packages/index.js";

const identity = (source: string) => sourceIdentity(parseSource(source), (path) => `/base/${path}`);

describe("package sources", () => {
  it("npm: names, scopes and versions; a version pins", () => {
    expect(parseSource("npm:pkg")).toEqual({ type: "npm", spec: "pkg", name: "pkg", version: undefined, pinned: false });
    expect(parseSource("npm:@foo/bar@1.2.3")).toMatchObject({ name: "@foo/bar", version: "1.2.3", pinned: true });
    expect(parseSource("npm:fixture@file:/tmp/fixture-1.0.0.tgz")).toMatchObject({ name: "fixture", version: "file:/tmp/fixture-1.0.0.tgz" });
    expect(identity("npm:@foo/bar@1.2.3")).toBe(identity("npm:@foo/bar"));
  });

  it("git: shorthands need the prefix, protocol URLs do not; @ref pins", () => {
    expect(parseSource("git:github.com/user/repo@v1")).toEqual({ type: "git", url: "https://github.com/user/repo", host: "github.com", path: "user/repo", ref: "v1", pinned: true });
    expect(parseSource("git:git@github.com:user/repo.git")).toMatchObject({ url: "git@github.com:user/repo.git", host: "github.com", path: "user/repo", pinned: false });
    expect(parseSource("ssh://git@example.org/team/tool@abc123")).toMatchObject({ url: "ssh://git@example.org/team/tool", host: "example.org", path: "team/tool", ref: "abc123" });
    expect(parseSource("file:///srv/repos/tool@v2")).toMatchObject({ url: "file:///srv/repos/tool", host: "local", path: "srv/repos/tool", ref: "v2" });
    expect(identity("https://github.com/user/repo@v1")).toBe(identity("git:github.com/user/repo.git"));
  });

  it("anything else is a local path, resolved for its identity", () => {
    expect(parseSource("./pkg")).toEqual({ type: "local", path: "./pkg" });
    expect(parseSource("github.com/user/repo")).toEqual({ type: "local", path: "github.com/user/repo" });
    expect(identity("pkg")).toBe("local:/base/pkg");
  });

  it("bad sources are errors that say what was expected", () => {
    expect(() => parseSource("git:nohost")).toThrow(/Invalid package source "git:nohost": expected git:<host>\/<path>/);
    expect(() => parseSource("git:github.com/../etc")).toThrow(/climbs out/);
    expect(() => parseSource("npm:")).toThrow(/expected npm:<name>/);
  });
});
