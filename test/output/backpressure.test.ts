// While the JSON output's reader reads nothing, the session stops pulling the provider's stream: the backlog of
// events and output stays bounded instead of growing with the reply.
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { boot, type AssistantMessageEvent, type ProviderApi } from "../../kernel/index.js";
import { AssistantMessageBuilder } from "../../lib/provider-kit/index.js";
import { jsonOutputPlugin } from "../../plugins/output-json/index.js";
import { inlineModel, inlinePlugin } from "../kernel/inline-parts.js";

const DELTAS = 20_000;

it("stops reading the provider while the output's sink is full, and resumes when it drains", async () => {
  let pulled = 0;
  const provider: ProviderApi = {
    api: "inline",
    async *stream(request): AsyncIterable<AssistantMessageEvent> {
      const builder = new AssistantMessageBuilder(request.model);
      yield builder.start();
      const { index, event } = builder.textStart();
      yield event;
      for (let n = 0; n < DELTAS; n++) {
        pulled++;
        yield builder.textDelta(index, "x");
        // a real network stream yields to the event loop between chunks
        if (n % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      yield builder.textEnd(index);
      yield builder.done("stop");
    },
  };
  // A reader that takes nothing until released: every write after the first 16 KB reports "full".
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written = 0;
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      void released.then(() => done());
    },
  });
  const { session } = await boot({ cwd: process.cwd(), plugins: [inlinePlugin(provider, []), jsonOutputPlugin({ stream })] });
  await session.setModel(inlineModel);
  await session.start();
  const prompt = session.prompt("go");

  await new Promise((resolve) => setTimeout(resolve, 500));
  const pulledWhileBlocked = pulled;
  expect(pulledWhileBlocked).toBeLessThan(2_000);
  release();
  await prompt;
  expect(pulled).toBe(DELTAS);
  expect(written).toBeGreaterThan(DELTAS * 50);
});
