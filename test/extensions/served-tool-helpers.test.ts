// The tool, image and process helpers pith serves under `@earendil-works/pi-coding-agent`'s names give pi 1.6.0's
// results: each script runs against pi's own served module (under Node 22, in a child process) and against pith's
// (as an extension file sees it), and the JSON of the two results must be equal. The inputs are real files: PNGs
// made by test/support/png.ts, JPEGs re-encoded from them, and hand-made headers of the other formats.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtensionModuleLoader } from "../../plugins/extensions/loading/module-loader.js";
import { makeJpeg, makePng } from "../images/make-images.js";
import { PI16_PACKAGE, runOnNode22 } from "../support/pi-node22.js";
import { createWorld, type World } from "./harness.js";

const lines = (count: number, change?: (index: number) => string | undefined) =>
  Array.from({ length: count }, (_, index) => change?.(index) ?? `line ${index + 1}`).join("\n");

const DIFFS: [string, string, number?][] = [
  [`${lines(20)}\n`, `${lines(20, (index) => (index === 9 ? "changed" : undefined))}\n`],
  [`${lines(20)}\n`, `${lines(20, (index) => (index === 9 ? "changed" : undefined))}\n`, 2],
  [`${lines(30)}\n`, `${lines(30, (index) => (index === 2 ? "early" : index === 26 ? "late" : undefined))}\n`],
  [`${lines(120)}\n`, `${lines(120, (index) => (index === 99 ? "hundredth" : undefined))}\n`],
  ["naïve café\n🚀 launch\nend\n", "naïve café\n🚀 lift-off ✓\nend\n"],
  ["a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"],
  ["one\ntwo", "one\ntwo\n"],
  ["", "fresh\nfile\n"],
  ["gone\nkept\n", "kept\nadded at the end\n"],
  ["same\n", "same\n"],
];

/** the scripts' inputs, written before either side runs */
interface Fixtures {
  folder: string;
  files: Record<string, string>;
}

/** a digest of a base64 text, so that images are compared without carrying them through JSON */
const DIGEST = "(text) => { let sum = 0; for (let index = 0; index < text.length; index++) sum = (sum * 31 + text.charCodeAt(index)) >>> 0; return sum + ':' + text.length; }";

const SCRIPTS = (fixtures: Fixtures): Array<[label: string, source: string]> => [
  ["generateDiffString: context, far-apart changes, widths, unicode, CRLF, a last line without a newline", `(m) =>
    ${JSON.stringify(DIFFS)}.map(([before, after, context]) => context === null ? m.generateDiffString(before, after) : m.generateDiffString(before, after, context))`],
  ["resizeImage and formatDimensionNote: defaults, each option, images that fit, bytes that are no image", `async (m) => {
    const { readFile } = await import("node:fs/promises");
    const files = ${JSON.stringify(fixtures.files)};
    const cases = [
      ["wide.png", "image/png", undefined],
      ["photo.jpg", "image/jpeg", { maxWidth: 100 }],
      ["photo.jpg", "image/jpeg", { maxHeight: 50, jpegQuality: 60 }],
      ["noise.png", "image/png", { maxBytes: 120000 }],
      ["small.png", "image/png", undefined],
      ["small.png", "", undefined],
      ["small.png", "image/png", { maxBytes: 10 }],
      ["text.txt", "image/png", undefined],
      ["small.png", "image/png", { maxWidth: undefined }],
    ];
    const results = [];
    for (const [file, mimeType, options] of cases) {
      const resized = await m.resizeImage(new Uint8Array(await readFile(files[file])), mimeType, options);
      results.push(resized && { ...resized, data: (${DIGEST})(resized.data), note: m.formatDimensionNote(resized) ?? null });
    }
    return results;
  }`],
  ["convertToPng: a PNG as given, a JPEG re-encoded, bytes that are no image", `async (m) => {
    const { readFile } = await import("node:fs/promises");
    const files = ${JSON.stringify(fixtures.files)};
    const base64 = async (file) => (await readFile(files[file])).toString("base64");
    const results = [await m.convertToPng(await base64("small.png"), "image/png"), await m.convertToPng(await base64("photo.jpg"), "image/jpeg"), await m.convertToPng(await base64("text.txt"), "image/gif")];
    return results.map((result) => result && { ...result, data: (${DIGEST})(result.data) });
  }`],
  ["detectSupportedImageMimeTypeFromFile: each format, animated PNG, JPEG-LS, a bad BMP, text, empty and missing files", `async (m) => {
    const results = {};
    for (const [name, file] of Object.entries(${JSON.stringify(fixtures.files)})) results[name] = await m.detectSupportedImageMimeTypeFromFile(file);
    results.missing = await m.detectSupportedImageMimeTypeFromFile(${JSON.stringify(join(fixtures.folder, "missing.png"))}).catch((error) => error.code);
    return results;
  }`],
  ["PowerShell: the tool's shape, and where PowerShell is missing, pi's failure from every entry", `async (m) => {
    const failure = async (run) => { try { await run(); return "no failure"; } catch (error) { return error.message; } };
    const tool = m.createPowerShellTool(${JSON.stringify(fixtures.folder)});
    const definition = m.createPowerShellToolDefinition(${JSON.stringify(fixtures.folder)});
    return [
      await failure(() => m.getPowerShellConfig()),
      [tool.name, tool.label, tool.promptSnippet, Object.keys(tool.parameters.properties).sort(), tool.parameters.required],
      [definition.name, definition.label, definition.promptSnippet],
      await failure(() => tool.execute("call-1", { command: "Get-ChildItem" }, undefined, undefined, undefined)),
      await failure(() => m.createLocalPowerShellOperations().exec("Get-Date", ${JSON.stringify(fixtures.folder)}, { onData: () => {} })),
    ];
  }`],
  ["the PowerShell tool on given operations: output, a failing exit code, a thrown error", `async (m) => {
    const operations = (exitCode, error) => ({
      exec: async (command, cwd, { onData }) => {
        if (error) throw new Error(error);
        onData(Buffer.from("ran " + command.trim().split("\\n").pop() + "\\n"));
        return { exitCode };
      },
    });
    const run = async (exitCode, error) => {
      const tool = m.createPowerShellToolDefinition(${JSON.stringify(fixtures.folder)}, { operations: operations(exitCode, error) });
      try {
        const result = await tool.execute("call-1", { command: "Write-Output hi" }, undefined, undefined, undefined);
        return { content: result.content, isError: result.isError ?? false, output: result.structuredContent?.output, exit: result.structuredContent?.exit_code };
      } catch (failure) { return { threw: failure.message }; }
    };
    return [await run(0), await run(2), await run(0, "boom")];
  }`],
  ["wrapRegisteredTool(s): the agent tool's fields, the runner's context when none is given, the given one otherwise", `async (m) => {
    const made = [];
    const runner = { createToolContext: (toolCallId, signal) => { made.push([toolCallId, signal === undefined ? "none" : typeof signal]); return { from: "runner", toolCallId }; } };
    const definition = {
      name: "probe", label: "Probe", description: "probes", parameters: { type: "object", properties: {} }, executionMode: "sequential",
      outputSchema: { type: "object" }, prepareArguments: (args) => args, renderCall: () => null,
      execute: async (toolCallId, params, signal, onUpdate, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ toolCallId, params, ctx }) }] }),
    };
    const tool = m.wrapRegisteredTool({ definition, sourceInfo: { path: "x", source: "local", scope: "user", origin: "top-level" } }, runner);
    const signal = new AbortController().signal;
    return [
      Object.keys(tool).sort(), tool.prepareArguments === definition.prepareArguments,
      await tool.execute("a", { n: 1 }), await tool.execute("b", {}, signal, undefined, { from: "caller" }), made,
      m.wrapRegisteredTools([{ definition }, { definition: { ...definition, name: "second" } }], runner).map((wrapped) => wrapped.name),
    ];
  }`],
  ["createToolSearchExtension: registration, ranking by name, namespace, schema and coverage, loading, bad arguments", `async (m) => {
    const schema = (properties, extra = {}) => ({ type: "object", properties, ...extra });
    const tools = [
      { name: "mcp__github__list_issues", description: "List issues of a repository", parameters: schema({ repo: { type: "string" }, state: { anyOf: [{ type: "string", description: "open or closed" }] } }), exposure: "deferred", namespace: { name: "github", description: "GitHub's API" } },
      { name: "mcp__github__create_issue", description: "Open a new issue", parameters: schema({ title: { $ref: "#/$defs/title" } }, { $defs: { title: { type: "string", description: "headline of the ticket" } } }), exposure: "codemode", namespace: { name: "github", instructions: "Use for pull requests and searches" } },
      { name: "mcp__peekaboo__app", description: "Launch or quit an application", parameters: schema({ name: { type: "string" } }), exposure: "deferred", namespace: { name: "peekaboo" } },
      { name: "mcp__peekaboo__window", description: "Move a window", parameters: schema({}), exposure: "deferred" },
      { name: "mcp__peekaboo__see", description: "Take a screenshot of a window", parameters: schema({ boxes: { type: "array", items: { type: "string", description: "regions to highlight" } } }), exposure: "deferred" },
      { name: "getHTTPResponse", description: "Fetches a URL", parameters: schema({}), exposure: "deferred" },
      { name: "翻译", description: "把文本翻译成英文", parameters: schema({}), exposure: "deferred" },
      { name: "always_there", description: "List issues directly", parameters: schema({}), exposure: "direct" },
      { name: "secret", description: "List issues secretly", parameters: schema({}), exposure: "hidden" },
      { name: "already_loaded", description: "List issues again", parameters: schema({}), exposure: "deferred" },
    ];
    let registered;
    let active = ["read", "already_loaded"];
    const loads = [];
    const pi = {
      registerTool: (tool) => { registered = tool; },
      getActiveTools: () => [...active],
      getAllTools: () => tools,
      setActiveTools: (names) => { loads.push(names); active = names; },
    };
    m.createToolSearchExtension()(pi);
    const search = async (params) => {
      active = ["read", "already_loaded"];
      try { const result = await registered.execute("call", params, undefined, undefined, undefined); return [result.content, result.details]; }
      catch (error) { return error.message; }
    };
    const results = [registered.name, registered.label, registered.exposure, registered.defaultActive, registered.reachesTools({})];
    for (const params of [{ query: "list issues" }, { query: "screenshot window" }, { query: "peekaboo app" }, { query: "app" }, { query: "headline ticket" }, { query: "http response", limit: 1 }, { query: "翻译文本" }, { query: "pull requests" }, { query: "zzz nothing" }, { query: "  " }, { query: "window", limit: 0 }, { query: "window", limit: 1.5 }]) {
      results.push(await search(params));
    }
    return [results, loads];
  }`],
  ["copyToClipboard: no program, a display without one, Wayland, SSH, and text too long for OSC 52", `async (m) => {
    const saved = { ...process.env };
    const write = process.stdout.write;
    const results = [];
    const attempt = async (env, text) => {
      for (const name of ["DISPLAY", "WAYLAND_DISPLAY", "TERMUX_VERSION", "SSH_CONNECTION", "SSH_CLIENT", "MOSH_CONNECTION", "PI_CLIPBOARD_OSC52", "WSL_DISTRO_NAME", "WSLENV"]) delete process.env[name];
      Object.assign(process.env, { PATH: ${JSON.stringify(join(fixtures.folder, "no-programs"))} }, env);
      let written = "";
      process.stdout.write = (chunk) => { written += String(chunk); return true; };
      try { await m.copyToClipboard(text); results.push(["copied", written]); }
      catch (error) { results.push([error.message, written]); }
      finally { process.stdout.write = write; }
    };
    try {
      await attempt({}, "héllo");
      await attempt({ DISPLAY: ":99" }, "x");
      await attempt({ WAYLAND_DISPLAY: "wayland-9" }, "x");
      await attempt({ DISPLAY: ":99", SSH_CONNECTION: "1 2 3 4" }, "over ssh");
      await attempt({}, "y".repeat(80000));
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
    return results;
  }`],
];

/** a PNG with an animation control chunk after its header */
function animatedPng(): Buffer {
  const png = makePng(4, 4);
  const control = Buffer.from([0, 0, 0, 8, ...Buffer.from("acTL"), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([png.subarray(0, 33), control, png.subarray(33)]);
}

function bmp(headerSize: number, bitsPerPixel: number): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.write("BM", 0, "latin1");
  bytes.writeUInt32LE(64, 2);
  bytes.writeUInt32LE(14 + headerSize, 10);
  bytes.writeUInt32LE(headerSize, 14);
  bytes.writeUInt16LE(1, headerSize === 12 ? 22 : 26);
  bytes.writeUInt16LE(bitsPerPixel, headerSize === 12 ? 24 : 28);
  return bytes;
}

async function writeFixtures(world: World): Promise<Fixtures> {
  const folder = join(world.root, "fixtures");
  await mkdir(join(folder, "no-programs"), { recursive: true });
  const contents: Record<string, Buffer> = {
    "wide.png": makePng(2400, 600),
    "noise.png": makePng(300, 300, "noise"),
    "small.png": makePng(50, 40),
    "photo.jpg": await makeJpeg(300, 200),
    "animated.png": animatedPng(),
    "jpeg-ls.jpg": Buffer.from([0xff, 0xd8, 0xff, 0xf7, 0, 0x0b]),
    "old.gif": Buffer.from("GIF87a\x04\x00\x04\x00", "latin1"),
    "new.gif": Buffer.from("GIF89a\x04\x00\x04\x00", "latin1"),
    "image.webp": Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), Buffer.alloc(20)]),
    "windows.bmp": bmp(40, 24),
    "os2.bmp": bmp(12, 8),
    "bad-depth.bmp": bmp(40, 7),
    "text.txt": Buffer.from("not an image\n"),
    "empty.png": Buffer.alloc(0),
  };
  const files: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(contents)) await writeFile((files[name] = join(folder, name)), bytes);
  return { folder, files };
}

let world: World;
let scripts: Array<[string, string]>;
let piResults: unknown[];

beforeAll(async () => {
  world = await createWorld();
  scripts = SCRIPTS(await writeFixtures(world));
  const table = JSON.stringify(`${PI16_PACKAGE}/dist/core/extensions/virtual-modules.js`);
  const output = await runOnNode22(
    `const { VIRTUAL_MODULES } = await import(${table});
     const served = VIRTUAL_MODULES["@earendil-works/pi-coding-agent"];
     const results = [];
     for (const run of [${scripts.map(([, source]) => source).join(",")}]) results.push(await run(served));
     process.stdout.write(JSON.stringify(results));`,
  );
  piResults = JSON.parse(output) as unknown[];
}, 180_000);
afterAll(() => world.close());

describe("served tool, image and process helpers give pi 1.6.0's results", () => {
  it.each(SCRIPTS({ folder: "", files: {} }).map(([label], index) => [label, index] as const))("%s", { timeout: 60_000 }, async (_label, index) => {
    const path = await world.write(`ext/tool-helpers-${index}.ts`, `import * as served from "@earendil-works/pi-coding-agent";\nexport default async function () { const run: any = ${scripts[index]![1]}; return run(served); }`);
    const run = (await createExtensionModuleLoader({ cacheDir: world.cacheDir }).load(path)) as () => Promise<unknown>;
    const pith = JSON.parse(JSON.stringify((await run()) ?? null)) as unknown;
    expect(pith).toEqual(piResults[index]);
  });

  it("the comparison sees real results, not failures on both sides", () => {
    const [diffs, resized, converted, detected] = piResults as [{ diff: string }[], ({ wasResized: boolean } | null)[], unknown[], Record<string, string | null>];
    expect(diffs[0]!.diff).toContain("+10 changed");
    expect(resized.map((image) => image?.wasResized ?? null)).toEqual([true, true, true, true, false, false, null, null, true]);
    expect(converted[1]).toMatchObject({ mimeType: "image/png" });
    expect(detected).toMatchObject({ "photo.jpg": "image/jpeg", "animated.png": null, "windows.bmp": "image/bmp", missing: "ENOENT" });
    expect(JSON.stringify(piResults[7])).toContain("Loaded 3 tools. They are available from your next call:\\n- mcp__peekaboo__app");
  });
});
