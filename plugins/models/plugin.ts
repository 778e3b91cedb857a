// The models plugin: offers the registry as the "models" service, answers `resolve_auth`, and routes the requests
// of virtual models (routing.ts).
import { definePlugin, type PithPlugin } from "../../kernel/index.js";
import { ModelRegistry } from "./registry.js";
import { virtualModelRouter } from "./routing.js";

declare module "../../kernel/index.js" {
  interface PithServices {
    models: ModelRegistry;
  }
}

export interface ModelsPluginOptions {
  agentDir: string;
  /** `--api-key`, per provider */
  runtimeApiKeys?: Record<string, string>;
  /** where key variables are read (default `process.env`) */
  env?: NodeJS.ProcessEnv;
  /** a registry made before (a served `ModelRuntime`'s, which an extension hands its sub-session), used as it is */
  registry?: ModelRegistry;
}

export function modelsPlugin(options: ModelsPluginOptions): PithPlugin {
  return definePlugin({
    name: "models",
    setup(context) {
      const registry = options.registry ?? new ModelRegistry(options);
      for (const error of registry.errors) context.log.warn(error.message);
      context.provide("models", registry);
      context.on("resolve_auth", ({ model, signal }) => registry.resolveAuth(model, signal));
      context.registerProvider(virtualModelRouter(context, registry));
    },
  });
}
