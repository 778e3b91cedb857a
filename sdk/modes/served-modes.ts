// pith's run modes over a session made earlier, as the extension shims run them for pi's `runPrintMode`,
// and `runRpcMode` and `InteractiveMode` (plugins/extensions/shims/host-modes.ts). The mode's plugin joins the
// session through the kernel's plugin contract (`applyPlugin`), as it would have at boot: its hooks and services.
import { applyPlugin } from "../../kernel/index.js";
import type { HostModes } from "../../plugins/extensions/shims/host-modes.js";
import { stderrLogger } from "../stderr-logger.js";
import { PITH_VERSION } from "../version.js";
import { outputPlugin, printPrompts } from "./print-prompts.js";

export const servedModes: HostModes = {
  async print(session, { mode, prompts, images }) {
    await applyPlugin(session, await outputPlugin(mode), stderrLogger());
    // pi's print mode writes the header before the first prompt; the session started before the mode joined it
    if (mode === "json") (session.registry.services.get("jsonOutput") as { header(): void }).header();
    // the caller's runtime ends the session (pi's runPrintMode disposes it)
    return printPrompts(session, { mode, prompts, images, dispose: async () => undefined });
  },

  async rpc(session) {
    const { rpcMode } = await import("../../plugins/rpc/index.js");
    const rpc = rpcMode({ input: process.stdin, output: process.stdout, errors: process.stderr, divertStdout: true, handleSignals: true });
    await applyPlugin(session, rpc.plugin, stderrLogger());
    return rpc.serve(session);
  },

  async interactive(session, options) {
    const { interactiveMode } = await import("../../plugins/interactive/index.js");
    const { tuiMode, terminal, theme, agentDir } = options;
    const mode = interactiveMode({ version: PITH_VERSION, agentDir, ...(tuiMode ? { tuiMode } : {}), ...(terminal ? { terminal } : {}) });
    await applyPlugin(session, mode.plugin, mode.log);
    const initial = options.prompts.map((text, index) => ({ text, ...(index === 0 && options.images ? { images: options.images } : {}) }));
    return mode.run(session, initial, options.warnings, { themes: { paths: [], discover: true, ...(theme ? { use: theme } : {}) } });
  },
};
