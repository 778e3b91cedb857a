// Reading <agentDir>/models.json: a syntax error drops the whole file, an invalid provider drops only itself;
// either way the built-in models stay usable and the problem is reported with the file, provider and field.
import { readFileSync } from "node:fs";
import { PithError, errorMessage } from "../../../kernel/index.js";
import { parseJsonText } from "../../../lib/json/json-text.js";
import { oldStyleReference } from "./config-value.js";
import { KNOWN_APIS, knownProvider } from "../known-providers.js";
import { describeIssues, modelsJsonSchemas, safeParseReported, type ProviderConfig } from "./models-json-schema.js";

export interface ModelsJson {
  /** valid providers, in file order */
  providers: Map<string, ProviderConfig>;
  errors: PithError[];
}

/** `env` decides which values look written for pi before 1.0 (a bare variable name; see config-value.ts). */
export function readModelsJson(path: string, env: NodeJS.ProcessEnv = process.env): ModelsJson {
  const providers = new Map<string, ProviderConfig>();
  const errors: PithError[] = [];
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { providers, errors };
    const message = `Cannot read ${path}: ${errorMessage(error)}. Built-in models stay available.`;
    errors.push(new PithError("MODELS_JSON_UNREADABLE", message, { cause: error }));
    return { providers, errors };
  }
  let parsed: unknown;
  try {
    parsed = parseJsonText(text, { comments: true });
  } catch (error) {
    errors.push(
      new PithError(
        "MODELS_JSON_INVALID",
        `Cannot parse ${path}: ${errorMessage(error)}. ` +
          "Its providers are ignored; built-in models stay available.",
        { cause: error },
      ),
    );
    return { providers, errors };
  }
  const root = asRecord(parsed);
  const rawProviders = root ? asRecord(root.providers) : undefined;
  if (!rawProviders) {
    errors.push(
      new PithError("MODELS_JSON_INVALID", `Invalid ${path}: expected an object {"providers": {"<name>": {...}}}.`),
    );
    return { providers, errors };
  }
  for (const [name, raw] of Object.entries(rawProviders)) {
    const checked = checkProviderConfig(name, raw);
    if (checked.ok) {
      providers.set(name, checked.config);
      const old = oldStyleValues(checked.config, env);
      if (old.length > 0) errors.push(new PithError("MODELS_JSON_OLD_ENV_REFERENCE", oldStyleMessage(path, name, old)));
    } else errors.push(new PithError("MODELS_JSON_INVALID", invalidProviderMessage(path, name, checked.problems)));
  }
  return { providers, errors };
}

/** `apiKey` and header values that name a variable the way pi before 1.0 read them. */
function oldStyleValues(config: ProviderConfig, env: NodeJS.ProcessEnv): { field: string; name: string }[] {
  const fields: [string, string | undefined][] = [["apiKey", config.apiKey], ...Object.entries(config.headers ?? {}).map(([header, value]): [string, string] => [`headers.${header}`, value])];
  return fields.flatMap(([field, value]) => {
    const name = value === undefined ? undefined : oldStyleReference(value, env);
    return name ? [{ field, name }] : [];
  });
}

function oldStyleMessage(path: string, provider: string, values: { field: string; name: string }[]): string {
  const list = values.map(({ field, name }) => `"${field}": "${name}" → "$${name}"`).join(", ");
  return (
    `${path}, provider "${provider}": ${list}. A plain value is sent as written (pi 1.x); an environment variable ` +
    "is written as $NAME or ${NAME}. Change the file if you meant the variable."
  );
}

export function invalidProviderMessage(source: string, name: string, problems: string[]): string {
  const list = problems.map((problem) => `  - ${problem}`).join("\n");
  return `Invalid provider "${name}" in ${source} (the provider is ignored):\n${list}`;
}

export type ProviderCheck = { ok: true; config: ProviderConfig } | { ok: false; problems: string[] };

export interface ProviderCheckOptions {
  /**
   * An extension's `registerProvider`: it may bring its own wire protocol (unknown api names are fine), its own
   * login instead of an `apiKey`, and may register a provider with nothing to change yet.
   */
  fromExtension?: boolean;
}

/** Schema plus the rules between fields (what a provider needs before its models can be used). */
export function checkProviderConfig(name: string, raw: unknown, options: ProviderCheckOptions = {}): ProviderCheck {
  const result = safeParseReported(modelsJsonSchemas().providerConfigSchema, raw);
  if (!result.success) return { ok: false, problems: describeIssues(result.error) };
  const config = result.data;
  const problems: string[] = [];
  const models = config.models ?? [];
  const known = knownProvider(name);
  const changesSomething =
    models.length > 0 ||
    Object.keys(config.modelOverrides ?? {}).length > 0 ||
    config.baseUrl !== undefined ||
    config.headers !== undefined ||
    config.compat !== undefined;
  if (!options.fromExtension && !changesSomething) {
    problems.push('set at least one of "baseUrl", "headers", "compat", "modelOverrides" or "models"');
  }
  const checkApi = (api: string | undefined, where: string) => {
    if (api !== undefined && !options.fromExtension && !KNOWN_APIS.includes(api)) {
      problems.push(`${where}: unknown api "${api}"; known apis: ${KNOWN_APIS.join(", ")}`);
    }
  };
  checkApi(config.api, "api");
  models.forEach((model, index) => {
    const where = `models[${index}] ("${model.id}")`;
    checkApi(model.api, `models[${index}].api`);
    if (!(model.api ?? config.api ?? known?.api)) {
      problems.push(`${where}: no "api"; set it on the provider or the model (e.g. "openai-completions")`);
    }
    if (!(model.baseUrl ?? config.baseUrl ?? known?.baseUrl)) {
      problems.push(`${where}: no "baseUrl"; set it on the provider or the model (e.g. "http://127.0.0.1:8080/v1")`);
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
