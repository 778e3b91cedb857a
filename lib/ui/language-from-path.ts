// The language a file's code is coloured as, from its name: pi's table (the file's last dot-separated part, or its
// whole name for `Makefile` and `Dockerfile`, lower-cased). Names highlight.js does not know are coloured as plain code.
const LANGUAGES: Readonly<Record<string, string>> = {
  ts: "typescript", tsx: "typescript", js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript",
  py: "python", rb: "ruby", rs: "rust", go: "go", java: "java", kt: "kotlin", swift: "swift", dart: "dart",
  groovy: "groovy", gradle: "groovy", nix: "nix", c: "c", h: "c", cpp: "cpp", cc: "cpp", cxx: "cpp", hpp: "cpp",
  cs: "csharp", php: "php", sh: "bash", bash: "bash", zsh: "bash", fish: "fish", ps1: "powershell", sql: "sql",
  html: "html", htm: "html", css: "css", scss: "scss", sass: "sass", less: "less", json: "json", yaml: "yaml",
  yml: "yaml", toml: "toml", xml: "xml", md: "markdown", markdown: "markdown", dockerfile: "dockerfile",
  makefile: "makefile", cmake: "cmake", lua: "lua", perl: "perl", r: "r", scala: "scala", clj: "clojure",
  ex: "elixir", exs: "elixir", erl: "erlang", hs: "haskell", ml: "ocaml", vim: "vim", graphql: "graphql",
  proto: "protobuf", tf: "hcl", hcl: "hcl",
};

export function languageFromPath(filePath: string): string | undefined {
  const extension = filePath.split(".").pop()?.toLowerCase();
  return extension ? LANGUAGES[extension] : undefined;
}
