// `pith --mode rpc`: commands as JSON lines on stdin; responses, every session event and extension UI requests as
// JSON lines on stdout; diagnostics on stderr. The plugin joins the session at boot (events, the "ui" service,
// the services commands call); `serve` then reads commands until the input ends or a signal arrives.
import type { Readable, Writable } from "node:stream";
import { type AgentSession, PithError, errorMessage, definePlugin, type PithPlugin, type PluginContext } from "../../kernel/index.js";
import { isWireEvent, serializeEvent } from "../../lib/output/wire-event.js";
import { RpcDispatcher } from "./commands/dispatcher.js";
import { onExitSignals } from "./process/exit-signals.js";
import { createPorts } from "./commands/ports.js";
import { readJsonlLines } from "./protocol/jsonl-reader.js";
import { PromptAcceptance } from "./commands/prompt-acceptance.js";
import { provideSessionServices } from "../session-services/provide-services.js";
import { RecordWriter, holdEventsWhileFull, type RecordSink } from "../../lib/output/record-writer.js";
import { guardStdout, type StdoutGuard } from "./process/stdout-guard.js";
import { RpcUi } from "./ui/rpc-ui.js";

export const RPC_PLUGIN_NAME = "rpc";

export interface RpcModeOptions {
  input: Readable;
  output: Writable;
  /** diagnostics, and anything else that tried to write to `output` */
  errors: Writable;
  /** `output` is the process's stdout: send other writes to it to `errors` (default false) */
  divertStdout?: boolean;
  /** end on SIGTERM (143), SIGHUP (129) and SIGINT (130), after a clean shutdown (default false) */
  handleSignals?: boolean;
}

/** What `serve` needs of the session besides what the plugin reached at boot. */
export type RpcHostSession = Pick<AgentSession, "dispose" | "waitForIdle">;

export interface RpcMode {
  /** load it into the session (createAgentSession's `plugins`) */
  readonly plugin: PithPlugin;
  /** createAgentSession's `onProblem`: plugin and hook failures become `extension_error` records too */
  reportProblem(error: PithError): void;
  /** Reads commands until the input ends (then finishes what they started) or a signal arrives; the exit code. */
  serve(session: RpcHostSession, signal?: AbortSignal): Promise<number>;
}

export function rpcMode(options: RpcModeOptions): RpcMode {
  // Taken over before any plugin loads, so start-up chatter cannot reach the protocol stream either.
  const guard: StdoutGuard | undefined = options.divertStdout ? guardStdout(options.output, options.errors) : undefined;
  const sink: RecordSink = guard?.sink ?? { write: (chunk) => options.output.write(chunk), once: (event, listener) => options.output.once(event, listener) };
  const writer = new RecordWriter(sink);
  let dispatcher: RpcDispatcher | undefined;
  const ui = new RpcUi(
    (record) => writer.write(record),
    () => dispatcher?.releaseCurrent(),
  );
  const acceptance = new PromptAcceptance();
  const commandsStopped = new AbortController();
  const report = (message: string) => void options.errors.write(`pith: ${message}\n`);
  let context: PluginContext | undefined;

  const plugin = definePlugin({
    name: RPC_PLUGIN_NAME,
    setup(pluginContext) {
      context = pluginContext;
      pluginContext.provide("ui", ui);
      provideSessionServices(pluginContext);
      pluginContext.on("event_emitted", (event) => {
        acceptance.observe(event);
        if (isWireEvent(event)) writer.writeLine(serializeEvent(event));
      });
      holdEventsWhileFull(pluginContext, writer);
    },
  });

  async function serve(session: RpcHostSession, signal?: AbortSignal): Promise<number> {
    const plugged = context;
    if (!plugged) throw new PithError("RPC_NOT_LOADED", "RPC mode can only serve a session it was loaded into: pass rpc.plugin to createAgentSession first.");
    const commands = new RpcDispatcher({
      respond: (response) => writer.write(response),
      ports: (command, id) => createPorts(plugged, command, commandsStopped.signal, { id, send: (record) => writer.write(record) }),
      answerDialog: (response) => ui.answer(response),
      acceptance,
      report,
    });
    dispatcher = commands;

    const stop = new AbortController();
    let exitCode = 0;
    const stopWith = (code: number) => {
      if (stop.signal.aborted) {
        // A second signal while shutting down: leave now (commands the tools started die with us).
        if (options.handleSignals) process.exit(code);
        return;
      }
      exitCode = code;
      stop.abort();
    };
    let inputEnded!: () => void;
    const ended = new Promise<void>((resolve) => (inputEnded = resolve));
    const stopReading = readJsonlLines(options.input, { onLine: (line) => commands.handleLine(line), onEnd: () => inputEnded() });
    // as pi once ready: the model catalogues refreshed in the background (never awaited, never failing the mode)
    void plugged.tryUse("models")?.catalogueRefresh.run({ signal: commandsStopped.signal, atStartUp: true });
    const removeSignalHandlers = options.handleSignals ? onExitSignals((_name, code) => stopWith(code)) : () => undefined;
    const onOutputError = (error: Error) => {
      writer.close();
      report(`the RPC client stopped reading stdout (${errorMessage(error)}); shutting down`);
      stopWith(1);
    };
    options.output.on("error", onOutputError);
    signal?.addEventListener("abort", () => stopWith(0), { once: true });
    const stopped = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve(), { once: true }));

    try {
      // End of input: nobody can answer a dialog any more; finish every command read, and the runs they started.
      await Promise.race([ended, stopped]);
      ui.closeInput();
      await Promise.race([commands.idle().then(() => session.waitForIdle()), stopped]);
    } finally {
      stopReading();
      ui.closeInput();
      commands.stop();
      commandsStopped.abort();
      plugged.tryUse("userBash")?.abort();
      await session.dispose().catch((error: unknown) => report(`shutdown failed: ${errorMessage(error)}`));
      // The commands that were running end now that they are aborted; processes they started are gone after this.
      await commands.idle();
      await writer.flush();
      removeSignalHandlers();
      options.output.off("error", onOutputError);
      guard?.restore();
    }
    return exitCode;
  }

  return {
    plugin,
    serve,
    reportProblem(error) {
      report(error.message);
      if (error.plugin !== undefined) {
        writer.write({ type: "extension_error", extensionPath: error.plugin, event: error.hook ?? "setup", error: error.message });
      }
    },
  };
}
