// `@mariozechner/pi-ai/oauth`: pith offers no OAuth login flows to extensions; the module exists so imports resolve.
export function getOAuthProviders(): never[] {
  return [];
}
export function getOAuthProvider(_id: string): undefined {
  return undefined;
}
