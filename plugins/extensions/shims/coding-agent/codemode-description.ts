// What pi 1.6.0's `codemode` tool tells the model: how scripts run, their globals, and one section per tool a
// script can call (its description, prompt guidelines and declaration), grouped by namespace and held to the
// inline budget. How scripts run and what they may use is said in pith's words; the tool sections (names,
// namespaces, rendered declarations, budget) are laid out as pi's.
import { localReference, outputType, scriptIdentifier, toolSample } from "../../../../lib/codemode/declarations.js";
import type { ToolInfo } from "../../contract/types.js";

export const CODEMODE_TOOL_NAME = "codemode";
/** pi's `codemode.inlineBudget` default, in estimated tokens (characters / 4) */
export const DEFAULT_INLINE_BUDGET = 3000;

const INTRO = `Runs a JavaScript snippet that can call the other tools. Send plain JavaScript as the input (no JSON wrapper, no code fence); it runs as the body of an async function inside a QuickJS sandbox, so top-level \`await\` and \`return\` are allowed. There is no Node.js, file system, network access or timer.
- \`await tools.<name>({ ...args })\` gives the tool's answer as a string, or as an object when its declaration below returns one; a failed call rejects with an Error, except that a tool declared to return an object resolves with that object on failure too, so look at its fields. Calls still pending when the script finishes are cancelled.
- The first line may set limits: \`// @options: {"max_output_tokens": 10000, "timeout_ms": 60000}\``;

const GLOBALS = [
  "Available in scripts:",
  "- Output: `text(value)`, `image(dataUrlOrImageBlock)`, `console.log(...)` and a top-level `return` each add to the result, and `exit()` stops the script. With several text items, each is headed by a `==> text N/M <==` line; `console` output comes after everything else, in one `<console_output>` block. `image()` also writes the image to a temporary file whose path the result gives.",
  "- State: `store(key, value)` saves a JSON value that `load(key)` reads back in later codemode calls.",
  "- Discovery: `ALL_TOOLS`, `await searchTools(query, { limit?, namespace? })`, `await describeTool(name)` and `await describeNamespace(name)` find tools not listed here, MCP tools among them.",
].join("\n");

export const CODEMODE_SNIPPET = "Script several tool calls in sandboxed JavaScript";
export const CODEMODE_GUIDELINES = [
  "Reach for codemode when tool calls can run together (Promise.allSettled), feed one another, or give large output a script can filter, rather than making many separate calls.",
];

type Listed = Pick<ToolInfo, "name" | "description" | "parameters" | "promptGuidelines" | "namespace">;

/**
 * A tool as scripts see it: its description, then its prompt guidelines as bullets (the system prompt lists them
 * only for declared tools); without an output schema it resolves to its text.
 */
export function scriptDeclaration(tool: Pick<Listed, "name" | "description" | "parameters"> & { promptGuidelines?: string[]; outputSchema?: Record<string, unknown> }) {
  const bullets = (tool.promptGuidelines ?? []).map((line) => line.trim()).filter(Boolean).map((line) => `- ${line}`);
  return {
    name: tool.name,
    description: bullets.length > 0 ? `${tool.description.trim()}\n\n${bullets.join("\n")}` : tool.description,
    inputSchema: tool.parameters,
    outputSchema: tool.outputSchema ?? { type: "string" },
  };
}

/** The tools a script may call: active `direct` ones and every `codemode` or `deferred` one, never codemode itself. */
export function callableTools<T extends Pick<ToolInfo, "name" | "exposure">>(tools: readonly T[], active: readonly string[]): T[] {
  return tools.filter(
    (tool) => tool.name !== CODEMODE_TOOL_NAME && (tool.exposure === "codemode" || tool.exposure === "deferred" || (tool.exposure === "direct" && active.includes(tool.name))),
  );
}

interface Section {
  name: string;
  text: string;
  cost: number;
}

/**
 * The description while active. `mode` "on" lists the callable tools that are not `direct` (those are declared to
 * the model anyway); "only" lists every callable tool. `deferred` tools are never listed.
 */
export function codemodeDescription(
  tools: readonly ToolInfo[],
  active: readonly string[],
  mode: "on" | "only",
  inlineBudget: number,
  outputSchemaOf: (name: string) => Record<string, unknown> | undefined = () => undefined,
): string {
  const listed = callableTools(tools, active).filter((tool) => (mode === "only" || tool.exposure !== "direct") && tool.exposure !== "deferred");
  const parts = [INTRO, GLOBALS];
  if (listed.length === 0) return parts.join("\n\n");
  const groups = new Map<string, { namespace?: Listed["namespace"]; sections: Section[] }>([["", { sections: [] }]]);
  for (const tool of listed) {
    const key = tool.namespace ? `ns:${tool.namespace.name}` : "";
    const group = groups.get(key) ?? { namespace: tool.namespace, sections: [] };
    groups.set(key, group);
    const text = toolSection(tool, outputSchemaOf(tool.name));
    group.sections.push({ name: tool.name, text, cost: Math.ceil(text.length / 4) });
  }
  const ordered = [...groups.values()].sort((a, b) => (!a.namespace ? -1 : !b.namespace ? 1 : a.namespace.name.localeCompare(b.namespace.name)));
  const shown = fitBudget(ordered.map((group) => group.sections), inlineBudget);
  const lines = ["Nested tools:"];
  for (const { namespace, sections } of ordered) {
    const visible = sections.filter((section) => shown.has(section.name));
    if (namespace) {
      const omitted = visible.length === sections.length ? "" : visible.length === 0 ? " (tools not listed)" : " (some tools not listed)";
      const about = namespace.description?.trim();
      lines.push(`## ${namespace.name}${omitted}${about ? `\n${about}` : ""}`);
    }
    for (const section of visible) lines.push(section.text);
  }
  parts.push(lines.join("\n\n"));
  return parts.join("\n\n");
}

function toolSection(tool: Listed, outputSchema: Record<string, unknown> | undefined): string {
  const id = scriptIdentifier(tool.name);
  const heading = id === tool.name ? `### \`${id}\`` : `### \`${id}\` (\`${tool.name}\`)`;
  return `${heading}\n${toolSample(scriptDeclaration(outputSchema ? { ...tool, outputSchema } : tool)).trim()}`;
}

/** Round by round each group places its cheapest remaining section; a group whose next one does not fit stops. */
function fitBudget(groups: Section[][], budget: number): Set<string> {
  const queues = groups.map((sections) => [...sections].sort((a, b) => a.cost - b.cost));
  const shown = new Set<string>();
  let left = budget;
  let open = queues.filter((queue) => queue.length > 0);
  while (open.length > 0) {
    open = open.filter((queue) => {
      const next = queue[0]!;
      if (next.cost > left) return false;
      left -= next.cost;
      shown.add(next.name);
      queue.shift();
      return queue.length > 0;
    });
  }
  return shown;
}

/** A declared tool's description in mode `on`: how a script calls it and what the call resolves to. */
export function withScriptCall(tool: { name: string; description: string }, outputSchema: Record<string, unknown> | undefined): string {
  return `${tool.description.trim()}\n\nCodemode: \`tools.${scriptIdentifier(tool.name)}(args)\` resolves to ${describeOutput(tool.name, outputSchema ?? { type: "string" })}.`;
}

/** In one line: `a string`, an object's field names, a union's, a short type, else where to find the type. */
function describeOutput(name: string, schema: Record<string, unknown>): string {
  const type = outputType(schema);
  if (type === "string") return "a string";
  const fields = fieldNames(schema, schema, 1) ?? unionFieldNames(schema, schema);
  if (fields) return `\`${fields}\``;
  if (!type.includes("\n")) return `\`${type}\``;
  return `a value; \`await describeTool(${JSON.stringify(name)})\` shows its type`;
}

/** `{ output, exit_code, full_output_path? }`, object fields `depth` levels deep, `const` fields with their value. */
function fieldNames(schema: unknown, root: unknown, depth: number): string | undefined {
  const resolved = throughReferences(schema, root);
  if (typeof resolved !== "object" || resolved === null) return undefined;
  const { type, properties, required } = resolved as Record<string, unknown>;
  if (type !== "object" || typeof properties !== "object" || properties === null) return undefined;
  const needed = new Set(Array.isArray(required) ? required : []);
  const fields = Object.entries(properties).map(([field, sub]) => {
    const target = throughReferences(sub, root);
    const constant = typeof target === "object" && target !== null ? (target as Record<string, unknown>).const : undefined;
    const nested = constant !== undefined ? JSON.stringify(constant) : depth > 0 ? fieldNames(sub, root, depth - 1) : undefined;
    return `${field}${needed.has(field) ? "" : "?"}${nested ? `: ${nested}` : ""}`;
  });
  return `{ ${fields.join(", ")} }`;
}

function unionFieldNames(schema: unknown, root: unknown): string | undefined {
  const resolved = throughReferences(schema, root);
  if (typeof resolved !== "object" || resolved === null) return undefined;
  const { anyOf, oneOf } = resolved as Record<string, unknown>;
  const variants = anyOf ?? oneOf;
  if (!Array.isArray(variants) || variants.length === 0) return undefined;
  const described = variants.map((variant) => fieldNames(variant, root, 0));
  return described.every((fields) => fields !== undefined) ? described.join(" | ") : undefined;
}

function throughReferences(schema: unknown, root: unknown): unknown {
  const seen = new Set<unknown>();
  let current = schema;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    const ref = (current as Record<string, unknown>).$ref;
    if (typeof ref !== "string") break;
    const target = localReference(ref, root);
    if (target === undefined) break;
    seen.add(current);
    current = target;
  }
  return current;
}
