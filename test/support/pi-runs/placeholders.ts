// A recorded pi run must match the next run of the same test although every run has its own temporary folders and
// ports, and the files it is given hold ids made up afresh each run: those become numbered placeholders in the
// recording's key and contents, and the current run's values are put back when it is replayed. The repository and
// the run's shared folders (vitest.config.ts) are named too, so a recording made in one clone replays in another.
import { tmpdir } from "node:os";
import { REPOSITORY } from "../pi-paths.js";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const TEMPORARY = new RegExp(`(?<![\\w./-])${escape(tmpdir())}/([A-Za-z0-9._-]+)`, "g");
const PORT = /(?<=(?:127\.0\.0\.1|localhost):)\d{2,5}\b/g;
/** a time in milliseconds since 1970 (13 digits, not part of a longer number) */
const EPOCH_MS = /(?<![\d.])\d{13}(?![\d.])/g;
/** how far ahead of the recording a time is taken for one pi set from the clock (an expiry), not a constant */
const AHEAD_LIMIT_MS = 400 * 24 * 3600_000;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const PLACEHOLDER = /<(tmp|port|uuid)-(\d+)(-dashed)?>/g;
/** a folder as pi names its sessions' folder after the working folder: "/tmp/x/project" → "--tmp-x-project--" */
const dashed = (path: string) => path.replace(/^\//, "").replace(/\//g, "-");

export class Placeholders {
  /** temporary folder (absolute path) or port → its placeholder, in order of first sight */
  private readonly folders = new Map<string, string>();
  private readonly ports = new Map<string, string>();
  /** ids the input holds (a session's, a settings file's device id): pi's answer may name them */
  private readonly uuids = new Map<string, string>();
  private learningIds = true;
  /** set on replay: when the recording was made, so that times pi set ahead of then move with the clock */
  private recordedAt: number | undefined;
  private readonly fixed: Array<[value: string, name: string]>;

  constructor() {
    const shared = ["PITH_CACHE_DIR", "PITH_TEST_CODE_CACHE", "NODE_COMPILE_CACHE"].flatMap((name) => {
      const value = process.env[name];
      return value ? [[value, `<run:${name}>`] as [string, string]] : [];
    });
    this.fixed = [...shared, [REPOSITORY.replace(/\/$/, ""), "<repo>"]];
  }

  /** `text` with every value named so far, or met now, replaced by its placeholder */
  hide(text: string): string {
    let hidden = text;
    for (const [value, name] of this.fixed) hidden = hidden.split(value).join(name);
    for (const [path] of hidden.matchAll(TEMPORARY)) this.name(this.folders, path, "tmp");
    for (const [path, name] of this.folders) hidden = hidden.split(`-${dashed(path)}-`).join(`-${name.replace(">", "-dashed>")}-`);
    hidden = hidden.replace(TEMPORARY, (path) => this.name(this.folders, path, "tmp"));
    hidden = hidden.replace(PORT, (port) => this.name(this.ports, port, "port"));
    return hidden.replace(UUID, (id) => this.uuids.get(id) ?? (this.learningIds ? this.name(this.uuids, id, "uuid") : id));
  }

  /** From now on an id met for the first time is pi's own (one it made up), kept as it is. */
  keyDone(): void {
    this.learningIds = false;
  }

  /**
   * A replay of a recording made at `recordedAt`: a time in milliseconds that pi set ahead of then (a login's expiry,
   * an hour on) comes back as far ahead of now, or the test would find it expired once the recording is an hour old.
   */
  replayingFrom(recordedAt: number): void {
    this.recordedAt = recordedAt;
  }

  /** `text` with the placeholders this run knows put back; undefined when it holds one this run never met */
  show(text: string): string | undefined {
    const recordedAt = this.recordedAt;
    if (recordedAt !== undefined) {
      const shift = Date.now() - recordedAt;
      text = text.replace(EPOCH_MS, (digits) => {
        const time = Number(digits);
        return time > recordedAt && time < recordedAt + AHEAD_LIMIT_MS ? String(time + shift) : digits;
      });
    }
    const values = new Map<string, string>();
    for (const [value, name] of [...this.folders, ...this.ports, ...this.uuids]) values.set(name, value);
    let unknown = false;
    let shown = text.replace(PLACEHOLDER, (name, _kind, _number, dashes?: string) => {
      const value = values.get(dashes ? name.replace("-dashed>", ">") : name);
      if (value === undefined) unknown = true;
      return value === undefined ? name : dashes ? dashed(value) : value;
    });
    for (const [value, name] of this.fixed) shown = shown.split(name).join(value);
    return unknown ? undefined : shown;
  }

  /** the temporary folders met so far, top-level ones (a world's root), as absolute paths */
  temporaryFolders(): string[] {
    return [...this.folders.keys()];
  }

  /** the ports met so far */
  portsMet(): number[] {
    return [...this.ports.keys()].map(Number);
  }

  private name(names: Map<string, string>, value: string, kind: string): string {
    let name = names.get(value);
    if (name === undefined) names.set(value, (name = `<${kind}-${names.size}>`));
    return name;
  }
}
