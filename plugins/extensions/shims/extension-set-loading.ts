// Loading a set of extension files outside a session, as pi's `DefaultResourceLoader`, `discoverAndLoadExtensions`
// and `ExtensionRunner` do for SDK programs and sub-agent extensions. The loading code imports the module loader,
// which serves these shims, so the shims cannot import it: the extensions plugin's loading code serves itself here
// when it is imported (every process that runs extensions through pith imports it), as the host does for sessions.
import { PithError } from "../../../kernel/index.js";

export type PiExtensionScope = "user" | "project" | "temporary";

/** One extension file to load, as pith's discovery found it. */
export interface ExtensionFile {
  path: string;
  place: "cli" | "sdk" | "project" | "global" | "package";
  origin: "cli" | "settings" | "auto" | "package" | "sdk";
  scope: PiExtensionScope;
  baseDir?: string;
  packageSource?: string;
}

/** A factory given in code (pi's `InlineExtension`); an unnamed one is numbered by its place. */
export interface InlineFactory {
  name: string;
  factory: (api: object) => void | Promise<void>;
}

/** pi 1.6.0's `Extension`: what one loaded extension registered, by kind. */
export interface PiExtension {
  path: string;
  resolvedPath: string;
  hidden?: boolean;
  sourceInfo: { path: string; source: string; scope: PiExtensionScope; origin: "package" | "top-level"; baseDir?: string };
  handlers: Map<string, ((...args: never[]) => unknown)[]>;
  tools: Map<string, { definition: object; sourceInfo: object }>;
  messageRenderers: Map<string, unknown>;
  commands: Map<string, object>;
  flags: Map<string, object>;
  shortcuts: Map<string, object>;
  /** an inline extension's factory and the instance it made, which a session made with the loader adopts */
  [INLINE_FACTORY]?: LoadedInline;
}

/** an inline factory with the loaded instances it belongs to (opaque here: the extensions plugin's PreloadedExtensions) */
export interface LoadedInline extends InlineFactory {
  instances: object;
}

export const INLINE_FACTORY: unique symbol = Symbol("pith.inline-factory");

export interface ExtensionSetRequest {
  cwd: string;
  agentDir: string;
  files: readonly ExtensionFile[];
  inline?: readonly InlineFactory[];
}

export interface LoadedExtensionSet {
  extensions: PiExtension[];
  /** each file that failed to import or whose factory threw, with the reason */
  errors: { path: string; error: string }[];
}

export type ExtensionSetLoader = (request: ExtensionSetRequest) => Promise<LoadedExtensionSet>;

let served: ExtensionSetLoader | undefined;

export function serveExtensionSetLoader(loader: ExtensionSetLoader): void {
  served = loader;
}

export function loadExtensionSet(request: ExtensionSetRequest): Promise<LoadedExtensionSet> {
  if (!served) {
    return Promise.reject(
      new PithError("EXTENSION_SDK_UNAVAILABLE", "Loading extensions from pi's coding-agent module needs pith's extensions plugin: run the program through pith's CLI or SDK."),
    );
  }
  return served(request);
}
