// Which package manager an npmCommand runs decides the peerless install flags (pi 1.6.0 passes the same ones).
import { describe, expect, it } from "vitest";
import { dependencyInstallArgs, packageInstallFlags, packageManagerOf, uninstallFlags } from "../../plugins/packages/installers/package-manager-flags.js";

describe("package manager flags", () => {
  it("names the manager from the command, a wrapper's argument, or what follows --", () => {
    expect(packageManagerOf(undefined)).toBe("npm");
    expect(packageManagerOf(["/usr/local/bin/pnpm"])).toBe("pnpm");
    expect(packageManagerOf(["bun.exe"])).toBe("bun");
    expect(packageManagerOf(["corepack", "pnpm"])).toBe("pnpm");
    expect(packageManagerOf(["mise", "exec", "node@22", "--", "npm"])).toBe("npm");
    expect(packageManagerOf(["/opt/tools/my-npm-wrapper"])).toBe("other");
    expect(() => packageManagerOf(["wrap", "npm", "pnpm"])).toThrow(/more than one package manager \(npm, pnpm\)/);
  });

  it("never lets a manager install peer dependencies", () => {
    expect(packageInstallFlags("npm")).toContain("--legacy-peer-deps");
    expect(packageInstallFlags("other")).toContain("--legacy-peer-deps");
    expect(packageInstallFlags("bun")).toEqual(["--omit=peer"]);
    expect(packageInstallFlags("pnpm")).toContain("--config.auto-install-peers=false");
    expect(dependencyInstallArgs("npm")).toEqual(["install", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund", "--loglevel=error"]);
    expect(dependencyInstallArgs("pnpm")).toContain("--prod");
    expect(dependencyInstallArgs("other")).toEqual(["install"]);
    expect(uninstallFlags("npm")).toContain("--legacy-peer-deps");
    expect(uninstallFlags("pnpm")).toEqual([]);
  });
});
