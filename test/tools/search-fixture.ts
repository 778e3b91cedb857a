// A small project tree exercising .gitignore rules, hidden files and always-skipped folders.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

export const FIXTURE_FILES: Record<string, string | Buffer> = {
  ".git/HEAD": "needle in git metadata\n",
  ".gitignore": "ignored.txt\nbuild/\n*.log\n!keep.log\n",
  ".hidden.txt": "needle hidden\n",
  "a.ts": "first line\nneedle in a\nlast line\n",
  "ignored.txt": "needle ignored\n",
  "build/out.ts": "needle in build\n",
  "keep.log": "needle kept by negation\n",
  "other.log": "needle in other log\n",
  "node_modules/pkg/index.js": "needle in node_modules\n",
  "src/.gitignore": "local.ts\n",
  "src/local.ts": "needle local\n",
  "src/main.ts": "import x;\nconst needle = 1;\n",
  "src/build/y.ts": "needle in nested build\n",
  "src/z.log": "needle in nested log\n",
  "src/deep/x.spec.ts": "needle spec\n",
  "src/blob.bin": Buffer.from("needle\0binary"),
};

export async function writeFixture(root: string, files: Record<string, string | Buffer> = FIXTURE_FILES): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}
