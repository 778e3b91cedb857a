// The ChatGPT account a Codex access token (a JWT) belongs to: every ChatGPT-backend request names it. Apart from
// the sign-in code so that the provider reads it without loading the sign-in's servers.
const ACCOUNT_CLAIM = "https://api.openai.com/auth";

export function chatgptAccountId(accessToken: string): string | undefined {
  const payload = accessToken.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, { chatgpt_account_id?: unknown } | undefined>;
    const id = claims[ACCOUNT_CLAIM]?.chatgpt_account_id;
    return typeof id === "string" && id !== "" ? id : undefined;
  } catch {
    return undefined;
  }
}
