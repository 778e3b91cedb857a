// The account sign-ins a session offers: pith's own (lib/oauth/flows.ts) and those extensions bring with a
// provider (pi's `registerProvider(name, { oauth })`). An extension's sign-in takes the place of pith's own for
// the same provider, as in pi. /login, /logout, `pith login` and the request's key all ask here.
import type { Model } from "../../kernel/index.js";
import { SUBSCRIPTION_PROVIDERS, isPlanLogin, loadSubscriptionFlow, subscriptionName } from "../../lib/oauth/flows.js";
import type { OAuthCredential, SignInConversation, SubscriptionFlow } from "../../lib/oauth/types.js";

export interface ExtensionLoginFlow extends SubscriptionFlow {
  /** pi's `isSubscription`: requests under the login are paid by a plan (the footer's "(sub)") */
  subscription: boolean;
  /** pi's legacy `modifyModels`: the provider's chat models as the stored login sees them */
  modifyModels?(models: Model[], credential: OAuthCredential): Model[];
}

/** An extension provider's own API key sign-in (pi-ai's `auth.apiKey.login`): resolves with auth.json's entry. */
export type ApiKeyLogin = (conversation: SignInConversation) => Promise<Record<string, unknown>>;

export class LoginFlows {
  private readonly registered = new Map<string, ExtensionLoginFlow>();
  private readonly apiKeyLogins = new Map<string, ApiKeyLogin>();

  register(flow: ExtensionLoginFlow): void {
    this.registered.set(flow.provider, flow);
  }

  /** true when the provider had an extension's sign-in */
  unregister(provider: string): boolean {
    const hadKeyLogin = this.apiKeyLogins.delete(provider);
    return this.registered.delete(provider) || hadKeyLogin;
  }

  setApiKeyLogin(provider: string, login: ApiKeyLogin | undefined): void {
    if (login) this.apiKeyLogins.set(provider, login);
    else this.apiKeyLogins.delete(provider);
  }

  /** the provider's own API key questions, when its extension brings them (else /login asks for the key) */
  apiKeyLogin(provider: string): ApiKeyLogin | undefined {
    return this.apiKeyLogins.get(provider);
  }

  /** pith's own sign-ins, then the extensions' */
  providers(): string[] {
    return [...new Set([...SUBSCRIPTION_PROVIDERS, ...this.registered.keys()])];
  }

  has(provider: string): boolean {
    return this.providers().includes(provider);
  }

  name(provider: string): string {
    return this.registered.get(provider)?.name ?? subscriptionName(provider);
  }

  /** whether the login is a paid plan rather than per-token access */
  isPlan(provider: string): boolean {
    const flow = this.registered.get(provider);
    return flow ? flow.subscription : isPlanLogin(provider);
  }

  extensionFlow(provider: string): ExtensionLoginFlow | undefined {
    return this.registered.get(provider);
  }

  async load(provider: string): Promise<SubscriptionFlow | undefined> {
    return this.registered.get(provider) ?? loadSubscriptionFlow(provider);
  }
}
