// Types of packages.mjs (plain JavaScript, so that generate-fixture.mjs and pi's probe run it without a compiler).
export declare const REGISTRY_PACKAGES: readonly string[];
export declare function packageOf(path: unknown): string | undefined;
export declare function registrations(pi: {
  getAllTools(): readonly { name: string; sourceInfo?: { path?: string } }[];
  getCommands(): readonly { name: string; source: string; sourceInfo?: { path?: string } }[];
}): Record<string, { tools: string[]; commands: string[] }>;
