// The source of a sub-agent extension for side-by-side runs: a `delegate` tool whose `execute` body is given (it
// sees `params`, `signal`, `ctx`, the `shout` tool definition and `record(entry)`, which appends a JSON line to
// `log`), written once for pi and pith alike.
export function delegateExtension(log: string, imports: string, body: string, prelude = ""): string {
  return `
    import { Type } from "typebox";
    import { appendFileSync } from "node:fs";
    ${imports}

    const record = (entry: unknown) => appendFileSync(${JSON.stringify(log)}, JSON.stringify(entry) + "\\n");
    ${prelude}
    const shout = {
      name: "shout", label: "Shout", description: "Upper-cases text",
      parameters: Type.Object({ text: Type.String() }),
      async execute(_id: string, params: any) { return { content: [{ type: "text", text: params.text.toUpperCase() }], details: {} }; },
    };

    export default function (pi: any) {
      pi.registerTool({
        name: "delegate", label: "Delegate", description: "Runs a task in a sub-agent",
        parameters: Type.Object({ task: Type.String() }),
        async execute(_id: string, params: any, signal: AbortSignal | undefined, _onUpdate: unknown, ctx: any) {
          ${body}
        },
      });
    }`;
}
