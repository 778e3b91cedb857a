// Package sources as settings and `pith install` take them: `npm:<name>[@version]`, git (`git:` shorthands or
// protocol URLs, `@ref` pins) and local paths. A source's identity (npm name, git host/path, resolved path)
// decides which entries are "the same package" across scopes and for `remove`.
import { PithError } from "../../../kernel/index.js";

export type ParsedSource =
  | { type: "npm"; spec: string; name: string; version?: string; pinned: boolean }
  | { type: "git"; url: string; host: string; path: string; ref?: string; pinned: boolean }
  | { type: "local"; path: string };

const PROTOCOL_URL = /^(https?|ssh|git|file):\/\//;

export function isLocalPath(source: string): boolean {
  return source.startsWith(".") || source.startsWith("/") || source.startsWith("~") || /^[A-Za-z]:[\\/]/.test(source);
}

/** npm and git sources, which must be installed before use (`-e npm:x` vs `-e ./x`). */
export function isRemoteSource(raw: string): boolean {
  const source = raw.trim();
  return source.startsWith("npm:") || source.startsWith("git:") || PROTOCOL_URL.test(source);
}

export function parseSource(raw: string): ParsedSource {
  const source = raw.trim();
  if (source.startsWith("npm:")) return parseNpm(source.slice(4).trim(), raw);
  if (source.startsWith("git:")) return parseGit(source.slice(4).trim(), raw);
  if (PROTOCOL_URL.test(source)) return parseGit(source, raw);
  // pi reads anything else as a path, relative to the settings file that lists it
  return { type: "local", path: source };
}

function parseNpm(spec: string, raw: string): ParsedSource {
  const match = /^(@?[^@/]+(?:\/[^@]+)?)(?:@(.+))?$/.exec(spec);
  if (!match) throw invalid(raw, "expected npm:<name> or npm:<name>@<version>");
  const [, name, version] = match;
  return { type: "npm", spec, name: name!, version, pinned: version !== undefined };
}

function parseGit(rest: string, raw: string): ParsedSource {
  // `@ref` is the last `@` after every `/` and `:` (so `git@host:user/repo` has none)
  const at = rest.lastIndexOf("@");
  const hasRef = at > 0 && at > rest.lastIndexOf("/") && at > rest.lastIndexOf(":");
  const base = hasRef ? rest.slice(0, at) : rest;
  const ref = hasRef ? rest.slice(at + 1) : undefined;
  let url: string;
  let host: string;
  let path: string;
  if (PROTOCOL_URL.test(base)) {
    let parsed: URL;
    try {
      parsed = new URL(base);
    } catch {
      throw invalid(raw, "not a valid URL");
    }
    url = base;
    host = parsed.protocol === "file:" ? "local" : parsed.host;
    path = decodeURIComponent(parsed.pathname);
  } else {
    const scp = /^(?:[^@/]+@)?([^:/]+):(.+)$/.exec(base);
    const shorthand = /^([^/]+)\/(.+)$/.exec(base);
    if (scp) {
      url = base;
      host = scp[1]!;
      path = scp[2]!;
    } else if (shorthand) {
      url = `https://${base}`;
      host = shorthand[1]!;
      path = shorthand[2]!;
    } else {
      throw invalid(raw, "expected git:<host>/<path>[@ref], git:git@<host>:<path>[@ref] or a URL");
    }
  }
  const segments = path.replace(/\.git$/, "").split("/").filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment === ".." || segment === ".")) {
    throw invalid(raw, "the repository path is empty or climbs out of its folder");
  }
  if (ref === "") throw invalid(raw, "empty ref after @");
  return { type: "git", url, host, path: segments.join("/"), ref, pinned: ref !== undefined };
}

function invalid(raw: string, why: string): PithError {
  return new PithError("PACKAGE_SOURCE_INVALID", `Invalid package source "${raw}": ${why}.`);
}

/** The same package whatever its version or ref; local paths are compared resolved (see `resolveLocal`). */
export function sourceIdentity(parsed: ParsedSource, resolveLocal: (path: string) => string): string {
  switch (parsed.type) {
    case "npm":
      return `npm:${parsed.name}`;
    case "git":
      return `git:${parsed.host}/${parsed.path}`;
    case "local":
      return `local:${resolveLocal(parsed.path)}`;
  }
}
