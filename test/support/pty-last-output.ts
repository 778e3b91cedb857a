// node-pty gives a pseudo-terminal 200 ms after its program exits to report the end of its output (EIO), then
// destroys the stream: output still unread then is lost. A test worker busy on a loaded machine (parsing a screen,
// other files' work) often reads late, and the last thing a program writes (the transcript and resume hint pith
// prints on exit, a crash report) went missing: fullscreen and fullscreen-paths failed so in full runs. Before the
// stream goes, what is left in the terminal is read at once and handed out as the program's last data.
import { readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { IPty } from "@lydell/node-pty";

/** node-pty's own members this needs (pinned version: @lydell/node-pty's unixTerminal) */
interface PtyInternals {
  _socket?: { destroy(...args: unknown[]): unknown };
  _fd?: number;
  emit(event: "data", data: string): boolean;
}

export function keepLastOutput(child: IPty): IPty {
  const internals = child as unknown as PtyInternals;
  const socket = internals._socket;
  const fd = internals._fd;
  if (!socket || typeof fd !== "number") return child;
  const destroy = socket.destroy.bind(socket);
  socket.destroy = (...args: unknown[]) => {
    const decoder = new StringDecoder("utf8");
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, 0, buffer.length, null);
      } catch {
        break; // EAGAIN: nothing left; EIO: the terminal is closed
      }
      if (read <= 0) break;
      internals.emit("data", decoder.write(buffer.subarray(0, read)));
    }
    const rest = decoder.end();
    if (rest) internals.emit("data", rest);
    return destroy(...args);
  };
  return child;
}
