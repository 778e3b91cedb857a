// A headless Chromium for tests that look at a page as a person would: Debian's `chromium` package (or the binary
// PITH_CHROMIUM names), driven by playwright-core. Where there is none, `browserUnavailable` says why, and the tests
// skip under a name that says so.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";

const CANDIDATES = [process.env.PITH_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter((path): path is string => !!path);

export const chromiumPath: string | undefined = CANDIDATES.find((path) => existsSync(path));

/** why browser tests cannot run here, or undefined when they can */
export const browserUnavailable: string | undefined = chromiumPath
  ? undefined
  : `no Chromium found (looked for ${CANDIDATES.join(", ")}; install Debian's chromium package or set PITH_CHROMIUM)`;

/**
 * Chromium with `home` as its home, configuration and cache folders: it writes its crash reporter's settings and
 * glib's dconf database there even with playwright's temporary profile, and a test must not touch the real ones.
 */
export async function launchChromium(home: string): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: join(home, ".cache") };
  // root in CI and containers: Chromium's sandbox needs user namespaces it may not have there
  return chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"], env });
}
