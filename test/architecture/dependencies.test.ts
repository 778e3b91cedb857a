// The architecture's import rules (.dependency-cruiser.cjs): no import circles, type-only ones included; the
// kernel imports nothing but itself, Node and npm packages; plugins never import the SDK; libraries import no
// plugin; libraries, plugins and the SDK reach the kernel only through kernel/index.ts; every import resolves (one
// that does not would slip past the rules).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type IConfiguration, type IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as IConfiguration;

async function violations(folders: string[]): Promise<IViolation[]> {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(folders, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true });
    if (typeof result.output === "string") throw new Error(result.output);
    return result.output.summary.violations;
  } finally {
    process.chdir(previous);
  }
}

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} -> ${violation.to}${violation.cycle ? ` (circle: ${violation.cycle.map((step) => step.name).join(" -> ")})` : ""}`;

describe("the architecture", () => {
  it("keeps every import rule of .dependency-cruiser.cjs", async () => {
    expect((await violations(["kernel", "lib", "plugins", "sdk"])).map(describeViolation)).toEqual([]);
  }, 120_000);

  it("extends the kernel's types (declaration merging) only through its entry", () => {
    // `declare module` is no import, so dependency-cruiser does not see it. Tests count too: TypeScript drops an
    // augmentation's `extends` once the same interface is augmented under two module names (PithErrorCodes).
    const internal = /declare module "(?:\.\.\/)+kernel\/(?!index\.js")[^"]+"/;
    const offenders = ["lib", "plugins", "sdk", "test"].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => internal.test(readFileSync(file, "utf8"))),
    );
    expect(offenders.map((file) => file.slice(root.length))).toEqual([]);
  });
});
