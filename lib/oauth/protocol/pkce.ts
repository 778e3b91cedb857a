// Proof Key for Code Exchange (RFC 7636): a random verifier kept here and its S256 challenge sent along.
import { createHash, randomBytes } from "node:crypto";

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** What a user pastes after signing in elsewhere: the URL the browser ended on, `code#state`, a query string or a bare code. */
export function parsePastedCode(input: string): { code?: string; state?: string } {
  const value = input.trim();
  if (!value) return {};
  if (URL.canParse(value)) {
    const params = new URL(value).searchParams;
    return { code: params.get("code") ?? undefined, state: params.get("state") ?? undefined };
  }
  if (value.includes("#")) {
    const [code, state] = value.split("#", 2);
    return { code, state };
  }
  if (value.includes("code=")) {
    const params = new URLSearchParams(value);
    return { code: params.get("code") ?? undefined, state: params.get("state") ?? undefined };
  }
  return { code: value };
}
