// Every error code the source reports is declared in lib/errors/error-codes.ts, every declared code is still
// reported somewhere, and docs/errors.md lists exactly the table (PITH_WRITE_DOCS=1 rewrites it).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../lib/errors/error-codes.js";
import { renderErrorTable } from "../../lib/errors/error-docs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** how a code is written in the source: any quoted NAME_WITH_UNDERSCORES ... */
const CODE_SHAPE = /"([A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+)"/g;
/** ... and any name given to an error's constructor, one-word codes such as OFFLINE included */
const THROWN_SHAPE = /(?:Error|Failure)\(\s*"([A-Z][A-Z0-9_]*)"/g;

/** Names of that shape that are not pith's error codes: environment variables, Node's and providers' own codes. */
const NOT_ERROR_CODES = new Set([
  // Gemini's finish reasons
  "PROHIBITED_CONTENT",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "MAX_TOKENS",
  "ABORT_ERR",
  // the global a codemode script lists its tools with (lib/codemode/prelude.ts)
  "ALL_TOOLS",
  "ERR_STREAM_PREMATURE_CLOSE",
  "OPENAI_API_KEY",
  "AWS_CONFIG_FILE",
  "AWS_SHARED_CREDENTIALS_FILE",
  // the terminal a bug report describes (plugins/interactive/bug-report/report-bundle.ts)
  "TERM_PROGRAM",
  "TERM_PROGRAM_VERSION",
  // sign-in server variables (lib/oauth/protocol/endpoints.ts)
  "PITH_OAUTH_ANTHROPIC_URL",
  "PITH_OAUTH_OPENAI_URL",
  "PITH_OAUTH_GITHUB_URL",
  "PITH_OAUTH_OPENROUTER_URL",
  "PITH_OAUTH_XAI_URL",
  "PITH_OAUTH_KIMI_URL",
  "PITH_OAUTH_META_URL",
  "PITH_OAUTH_RADIUS_URL",
  "KIMI_CODE_OAUTH_HOST",
  "KIMI_OAUTH_HOST",
  "PI_CODING_AGENT_DIR",
  "PI_CODING_AGENT_SESSION_DIR",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "ANTHROPIC_OAUTH_TOKEN",
  "ANTHROPIC_FEDERATION_RULE_ID",
  "ANTHROPIC_IDENTITY_TOKEN_FILE",
  "ANTHROPIC_ORGANIZATION_ID",
  "ANTHROPIC_SERVICE_ACCOUNT_ID",
  "ANTHROPIC_WORKSPACE_ID",
  "AWS_PROFILE",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_BEARER_TOKEN_BEDROCK",
  "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
  "AWS_CONTAINER_CREDENTIALS_FULL_URI",
  "AWS_WEB_IDENTITY_TOKEN_FILE",
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

const sources = ["kernel", "lib", "plugins", "sdk"]
  .flatMap(sourceFiles)
  .filter((file) => !file.endsWith(join("lib", "errors", "error-codes.ts")))
  .map((file) => ({ file: file.slice(root.length), text: readFileSync(file, "utf8") }));

function codesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of sources) {
    for (const [, code] of [...text.matchAll(CODE_SHAPE), ...text.matchAll(THROWN_SHAPE)]) {
      if (!NOT_ERROR_CODES.has(code!) && !found.has(code!)) found.set(code!, file);
    }
  }
  return found;
}

describe("error codes", () => {
  const used = codesInSource();

  it("every code the source uses is declared in lib/errors/error-codes.ts, with its meaning and action", () => {
    const undeclared = [...used].filter(([code]) => !(code in ERROR_CODES)).map(([code, file]) => `${code} (${file})`);
    expect(undeclared, "declare these in ERROR_CODES, or list a name that is no error code in NOT_ERROR_CODES").toEqual([]);
  });

  it("every declared code is still used", () => {
    const unused = Object.keys(ERROR_CODES).filter((code) => !sources.some(({ text }) => text.includes(`"${code}"`)));
    expect(unused).toEqual([]);
  });

  it("docs/errors.md lists exactly the table", () => {
    const file = join(root, "docs", "errors.md");
    const text = readFileSync(file, "utf8");
    const start = text.indexOf("| code |");
    const end = text.indexOf("\n\n", start);
    const current = text.slice(start, end === -1 ? undefined : end).trimEnd();
    if (process.env.PITH_WRITE_DOCS === "1" && current !== renderErrorTable()) {
      writeFileSync(file, text.replace(current, renderErrorTable()));
      return;
    }
    expect(current, "run PITH_WRITE_DOCS=1 npx vitest run test/architecture/error-codes.test.ts").toBe(renderErrorTable());
  });
});
