// A sign-in's conversation on the command line: notices printed to stdout, answers read a line at a time from
// stdin (a terminal, or a pipe from a script that pastes the code). A choice between sign-in methods is made by
// `--no-browser` as pi 1.6.0 does: the first (browser) method by default, the other one with the flag.
import { createInterface, type Interface } from "node:readline";
import { PithError } from "../../kernel/index.js";
import type { SignInChoice, SignInConversation, SignInNotice } from "../../lib/oauth/types.js";

export interface LineConversationOptions {
  input: NodeJS.ReadableStream;
  write(line: string): void;
  signal: AbortSignal;
  /** false: choose the method after the browser one (`--no-browser`) */
  browser: boolean;
  /** opens a URL in the browser; absent when nobody is at a terminal */
  openUrl?(url: string): void;
}

const cancelled = () => new PithError("OAUTH_SIGN_IN_CANCELLED", "Login cancelled.");

/** Lines of `input`, handed out one per question; lines typed ahead wait for the next question. */
class LineReader {
  private readonly lines: string[] = [];
  private waiter: { resolve(line: string): void; reject(error: Error): void } | undefined;
  private ended = false;
  private readonly reader: Interface;

  constructor(input: NodeJS.ReadableStream) {
    this.reader = createInterface({ input, terminal: false });
    this.reader.on("line", (line) => {
      if (this.waiter) {
        this.waiter.resolve(line);
        this.waiter = undefined;
      } else this.lines.push(line);
    });
    this.reader.on("close", () => {
      this.ended = true;
      this.waiter?.reject(cancelled());
      this.waiter = undefined;
    });
  }

  next(signal: AbortSignal): Promise<string> {
    if (this.lines.length > 0) return Promise.resolve(this.lines.shift()!);
    if (this.ended || signal.aborted) return Promise.reject(cancelled());
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.waiter = undefined;
        reject(cancelled());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiter = {
        resolve: (line) => (signal.removeEventListener("abort", onAbort), resolve(line)),
        reject: (error) => (signal.removeEventListener("abort", onAbort), reject(error)),
      };
    });
  }

  close(): void {
    this.reader.close();
  }
}

export function lineConversation(options: LineConversationOptions): SignInConversation & { close(): void } {
  const reader = new LineReader(options.input);
  const { write, signal } = options;
  const ask = (message: string, placeholder?: string, askSignal?: AbortSignal) => {
    write(`${message}${placeholder ? ` (${placeholder})` : ""}:`);
    return reader.next(askSignal ? AbortSignal.any([signal, askSignal]) : signal);
  };
  return {
    signal,
    show(notice: SignInNotice) {
      if (notice.type === "open_url") {
        write(`Open this URL to sign in:\n  ${notice.url}`);
        write(notice.instructions);
        options.openUrl?.(notice.url);
      } else if (notice.type === "device_code") {
        write(`Open ${notice.url} and enter code: ${notice.code}`);
        options.openUrl?.(notice.url);
        write("Waiting for authentication...");
      } else write(notice.message);
    },
    async choose(message: string, choices: readonly SignInChoice[], chooseSignal?: AbortSignal) {
      if (choices.length === 2) return choices[options.browser ? 0 : 1]!.id;
      write(message);
      choices.forEach((choice, index) => write(`  ${index + 1}. ${choice.label}`));
      for (;;) {
        const answer = (await ask(`Select 1-${choices.length}`, undefined, chooseSignal)).trim();
        const choice = /^\d+$/.test(answer) ? choices[Number(answer) - 1] : undefined;
        if (choice) return choice.id;
        write(`Enter a number from 1 to ${choices.length}.`);
      }
    },
    ask,
    close: () => reader.close(),
  };
}
