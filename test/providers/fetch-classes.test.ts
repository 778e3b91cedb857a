// pith's Headers and Response (lib/http/fetch-*.ts) against Node's own, which they stand in for in
// the bundles so that undici is never loaded.
import { describe, expect, it } from "vitest";
import { FetchHeaders } from "../../lib/http/fetch-headers.js";
import { FetchResponse } from "../../lib/http/fetch-response.js";

type Step = (headers: { append(n: string, v: string): void; set(n: string, v: string): void; delete(n: string): void }) => void;

const scripts: { name: string; init?: [string, string][] | Record<string, string>; steps: Step[] }[] = [
  { name: "repeated and mixed-case names", steps: [(h) => h.append("X-Multi", "one"), (h) => h.append("x-multi", "two"), (h) => h.append("Accept", "*/*")] },
  { name: "set replaces, delete removes", steps: [(h) => h.append("a", "1"), (h) => h.append("a", "2"), (h) => h.set("A", "3"), (h) => h.append("b", "x"), (h) => h.delete("B")] },
  { name: "set-cookie stays separate", steps: [(h) => h.append("Set-Cookie", "a=1"), (h) => h.append("set-cookie", "b=2"), (h) => h.append("cookie", "c=3")] },
  { name: "values trimmed of HTTP whitespace", steps: [(h) => h.append("x-space", " \t padded \t "), (h) => h.set("x-empty", "   ")] },
  { name: "init from pairs", init: [["Content-Type", "application/json"], ["x-b", "1"], ["X-B", "2"]], steps: [] },
  { name: "init from a record", init: { "anthropic-version": "2023-06-01", Authorization: "Bearer k" }, steps: [(h) => h.delete("authorization")] },
];

describe("FetchHeaders behaves as Node's Headers", () => {
  for (const script of scripts) {
    it(script.name, () => {
      const ours = new FetchHeaders(script.init);
      const node = new Headers(script.init);
      for (const step of script.steps) {
        step(ours);
        step(node);
      }
      expect([...ours]).toEqual([...node]);
      for (const name of ["x-multi", "a", "b", "set-cookie", "cookie", "x-space", "x-empty", "content-type", "x-b", "authorization", "missing"]) {
        expect(ours.get(name)).toBe(node.get(name));
        expect(ours.has(name)).toBe(node.has(name));
      }
      expect(ours.getSetCookie()).toEqual(node.getSetCookie());
      expect([...new FetchHeaders(node)]).toEqual([...node]);
      expect([...new Headers(ours)]).toEqual([...node]);
    });
  }

  it("rejects what Node's Headers rejects", () => {
    for (const make of [(H: typeof Headers) => new H({ "bad name": "x" }), (H: typeof Headers) => new H([["x", "a\r\nb"]]), (H: typeof Headers) => new H([["only-one"]] as unknown as [string, string][])]) {
      expect(() => make(Headers)).toThrow(TypeError);
      expect(() => make(FetchHeaders as unknown as typeof Headers)).toThrow(TypeError);
    }
  });

  it("counts Node's Headers as instances, so code given either works", () => {
    expect(new Headers()).toBeInstanceOf(FetchHeaders);
    expect(new FetchHeaders()).toBeInstanceOf(FetchHeaders);
    expect({}).not.toBeInstanceOf(FetchHeaders);
    const seen: string[] = [];
    new FetchHeaders({ b: "2", a: "1" }).forEach((value, name) => seen.push(`${name}=${value}`));
    expect(seen).toEqual(["a=1", "b=2"]);
  });
});

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
const init = (status = 200) => ({ status, headers: new FetchHeaders({ "content-type": "application/json" }), url: "http://127.0.0.1/x", redirected: false });

describe("FetchResponse", () => {
  it("reads its body once, as text without a byte-order mark, or as JSON", async () => {
    const response = new FetchResponse(streamOf("\uFEFF{\"a\":", "1}"), init());
    expect(response.ok).toBe(true);
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('{"a":1}');
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(await new FetchResponse(streamOf('{"a":', "1}"), init()).json()).toEqual({ a: 1 });
  });

  it("clones by teeing the stream, and reports failure statuses as not ok", async () => {
    const response = new FetchResponse(streamOf("same"), init(503));
    const copy = response.clone();
    expect(response.ok).toBe(false);
    expect(await copy.text()).toBe("same");
    expect(await response.text()).toBe("same");
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("gives an empty body for a response without one, and a typed blob", async () => {
    expect(await new FetchResponse(null, init(204)).text()).toBe("");
    const blob = await new FetchResponse(streamOf("{}"), init()).blob();
    expect(blob.type).toBe("application/json");
    expect(await blob.text()).toBe("{}");
    expect(() => new FetchResponse(null, init(700))).toThrow(RangeError);
  });
});
