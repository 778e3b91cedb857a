// The SDK program the served-modes tests run in pith and in pi 1.6.0: an extension that builds an AgentSessionRuntime
// of its own (createAgentSessionRuntime over createAgentSessionFromServices, in memory, its own system prompt and
// the read tool) and runs a mode over it: print or JSON mode (commands /print-text, /print-json), pith's or pi's
// CLI (/main), RPC mode or the interactive UI (from its factory, when SERVE_PROGRAM_RPC or SERVE_PROGRAM_UI is set).

/** the program, the same file for both sides; what it learns goes to `log` */
export function modeProgram(log: string): string {
  return `
    import { appendFileSync } from "node:fs";
    import { createAgentSessionFromServices, createAgentSessionRuntime, createAgentSessionServices, getAgentDir, InteractiveMode, main, runPrintMode, runRpcMode, SessionManager } from "@earendil-works/pi-coding-agent";

    const record = (entry: unknown) => appendFileSync(${JSON.stringify(log)}, JSON.stringify(entry) + "\\n");
    const quiet = { systemPrompt: "You are the program's agent.", noExtensions: true, noSkills: true, noPromptTemplates: true, noContextFiles: true };
    const makeRuntime = (cwd: string) =>
      createAgentSessionRuntime(
        async ({ cwd, sessionManager }: any) => {
          const services = await createAgentSessionServices({ cwd, resourceLoaderOptions: quiet });
          return { ...(await createAgentSessionFromServices({ services, sessionManager, tools: ["read"] })), services, diagnostics: services.diagnostics };
        },
        { cwd, agentDir: getAgentDir(), sessionManager: SessionManager.inMemory(cwd) },
      );

    export default async function (pi: any) {
      for (const mode of ["text", "json"]) {
        pi.registerCommand("print-" + mode, {
          handler: async (_args: string, ctx: any) => {
            const runtime = await makeRuntime(ctx.cwd);
            const code = await runPrintMode(runtime, { mode, initialMessage: "read a.txt", messages: ["and again"] });
            record({ mode, code });
          },
        });
      }
      pi.registerCommand("main", {
        handler: async (args: string) => {
          process.exitCode = undefined;
          await main(JSON.parse(args));
          record({ main: process.exitCode ?? 0 });
          process.exitCode = undefined;
        },
      });
      // RPC: the program serves its own session on stdin and stdout from here on; pi's RPC mode ends the process
      if (process.env.SERVE_PROGRAM_RPC) await runRpcMode(await makeRuntime(process.cwd()));
      // the interactive UI over the program's session, its first prompt sent; quitting ends the process
      if (process.env.SERVE_PROGRAM_UI) await new InteractiveMode(await makeRuntime(process.cwd()), { tuiMode: "regular", initialMessage: "read a.txt" }).run();
    }`;
}
