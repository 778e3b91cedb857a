// Temporary folders for tests, written from a { "relative/path": "content" } map and removed afterwards.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { removeAfterTest } from "../../support/temp-folders.js";

/** A fresh temporary folder, removed after the current test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pith-resources-"));
  removeAfterTest(dir);
  return dir;
}

export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [relativePath, content] of Object.entries(files)) {
    const path = join(root, relativePath);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}

/** A skill file with the given front matter lines and body. */
export function skillFile(frontmatter: Record<string, string>, body = "Instructions."): string {
  const lines = Object.entries(frontmatter).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join("\n")}\n---\n${body}\n`;
}
