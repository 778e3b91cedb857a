// Reading <agentDir>/auth.json (pi's credential file). Signing in, out and refreshing write it through
// lib/oauth/auth-store.ts, under the lock pi takes.
import { readFileSync } from "node:fs";
import * as z from "zod/mini";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { parseJsonText } from "../../../lib/json/json-text.js";
import { readSettled } from "../../../lib/lock/settled-read.js";
import { describeIssues, safeParseReported } from "./models-json-schema.js";

// built on the first credential read: most starts have no auth.json
function buildCredentialSchema() {
  const apiKeyCredential = z.looseObject({
    type: z.literal("api_key"),
    key: z.string({ error: "must be a string" }).check(z.minLength(1, { error: "must not be empty" })),
  });

  const oauthCredential = z.looseObject({
    type: z.literal("oauth"),
    access: z.string({ error: "must be a string" }).check(z.minLength(1, { error: "must not be empty" })),
    refresh: z.optional(z.string()),
    /** milliseconds since the epoch */
    expires: z.number({ error: "must be a number (milliseconds since the epoch)" }),
  });

  return z.discriminatedUnion("type", [apiKeyCredential, oauthCredential], {
    error: 'needs "type": "api_key" (with "key") or "oauth" (with "access" and "expires")',
  });
}

let credentialSchema: ReturnType<typeof buildCredentialSchema> | undefined;

export type AuthCredential = z.infer<ReturnType<typeof buildCredentialSchema>>;

export interface AuthFile {
  credentials: Map<string, AuthCredential>;
  errors: PithError[];
}

export function readAuthFile(path: string): AuthFile {
  const credentials = new Map<string, AuthCredential>();
  const errors: PithError[] = [];
  let parsed: unknown;
  try {
    parsed = readSettled(path, () => parseJsonText(readFileSync(path, "utf8"), { comments: true }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      errors.push(
        new PithError("AUTH_JSON_INVALID", `Cannot read ${path}: ${errorMessage(error)}. Its keys are ignored.`, {
          cause: error,
        }),
      );
    }
    return { credentials, errors };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    errors.push(new PithError("AUTH_JSON_INVALID", `Invalid ${path}: expected an object {"<provider>": {...}}.`));
    return { credentials, errors };
  }
  for (const [provider, raw] of Object.entries(parsed)) {
    const result = safeParseReported((credentialSchema ??= buildCredentialSchema()), raw);
    if (result.success) {
      credentials.set(provider, result.data);
    } else {
      const problems = describeIssues(result.error).map((problem) => `  - ${problem}`);
      errors.push(
        new PithError(
          "AUTH_JSON_INVALID",
          `Invalid entry "${provider}" in ${path} (ignored):\n${problems.join("\n")}`,
        ),
      );
    }
  }
  return { credentials, errors };
}
