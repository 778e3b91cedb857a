// The shapes every subscription sign-in shares: the credential auth.json keeps (pi's `{"type": "oauth", ...}`
// entry, so pi and pith share a login), the conversation a sign-in has with the user, and one provider's flow.
import type { SignInEndpoints } from "./protocol/endpoints.js";

/** An auth.json OAuth entry: `expires` is milliseconds since the epoch; providers add fields (accountId, ...). */
export interface OAuthCredential {
  type: "oauth";
  access: string;
  refresh: string;
  expires: number;
  [field: string]: unknown;
}

export interface SignInChoice {
  id: string;
  label: string;
}

/** What a sign-in shows the user; the CLI prints it, the interactive UI draws it. */
export type SignInNotice =
  | { type: "open_url"; url: string; instructions: string }
  | { type: "device_code"; url: string; code: string }
  | { type: "progress"; message: string };

/** The user's side of a sign-in. Every question rejects when `signal` fires. */
export interface SignInConversation {
  signal: AbortSignal;
  show(notice: SignInNotice): void;
  choose(message: string, choices: readonly SignInChoice[], signal?: AbortSignal): Promise<string>;
  /** a line of text (a pasted code or URL); `signal` also ends it when the browser's redirect arrives first */
  ask(message: string, placeholder?: string, signal?: AbortSignal): Promise<string>;
}

/**
 * What a request with the credential uses: the key, headers of the login's own (an extension provider's `toAuth`
 * may give headers instead of a key), and the endpoint the credential belongs to (Copilot).
 */
export interface CredentialAuth {
  apiKey?: string;
  headers?: Record<string, string>;
  baseUrl?: string;
}

/** What a sign-in may need of this installation: its id, a UUID kept as pi keeps it (settings.json `deviceId`). */
export interface SignInInstallation {
  deviceId(): Promise<string>;
}

export interface SubscriptionFlow {
  /** the provider's name in auth.json and the model catalogue */
  provider: string;
  /** shown in lists */
  name: string;
  login(conversation: SignInConversation, endpoints: SignInEndpoints, installation: SignInInstallation): Promise<OAuthCredential>;
  refresh(credential: OAuthCredential, endpoints: SignInEndpoints, signal: AbortSignal): Promise<OAuthCredential>;
  /** an extension provider's (pi-ai's `toAuth`) may take its time */
  toAuth(credential: OAuthCredential): CredentialAuth | Promise<CredentialAuth>;
}
