// The start-up listing's warning sections ([Skill warnings], [Prompt conflicts], [Extension issues], [Theme
// conflicts]) in pi's layout: a heading in the warning colour, then per problem its file and message, and name
// clashes grouped by name, the file kept marked ✓ and the ones left out ✗ "(skipped)".
import { Container, Spacer } from "@earendil-works/pi-tui";
import type { ResourceDiagnostic } from "../../../lib/resources/diagnostics/diagnostics.js";
import type { Theme } from "../theme/theme.js";
import { homePath } from "./home-path.js";
import { PaintedText } from "./painted-text.js";

export interface DiagnosticSection {
  heading: "Skill warnings" | "Prompt conflicts" | "Extension issues" | "Theme conflicts";
  diagnostics: readonly ResourceDiagnostic[];
}

export class DiagnosticSections extends Container {
  constructor(
    sections: readonly DiagnosticSection[],
    private readonly theme: Theme,
    private readonly home: string | undefined,
  ) {
    super();
    for (const { heading, diagnostics } of sections) {
      if (diagnostics.length === 0) continue;
      this.addChild(new Spacer(1));
      this.addChild(new PaintedText(() => [theme.fg("warning", `[${heading}]`), ...this.lines(diagnostics)].join("\n"), 0, 0));
    }
  }

  get empty(): boolean {
    return this.children.length === 0;
  }

  private lines(diagnostics: readonly ResourceDiagnostic[]): string[] {
    const { theme } = this;
    const lines: string[] = [];
    const clashes = new Map<string, ResourceDiagnostic[]>();
    for (const diagnostic of diagnostics) {
      if (diagnostic.collision) clashes.set(diagnostic.collision.name, [...(clashes.get(diagnostic.collision.name) ?? []), diagnostic]);
    }
    for (const [name, group] of clashes) {
      lines.push(theme.fg("warning", `  "${name}" collision:`));
      lines.push(theme.fg("dim", `    ${theme.fg("success", "✓")} ${this.shortPath(group[0]!.collision!.winnerPath)}`));
      for (const { collision } of group) lines.push(theme.fg("dim", `    ${theme.fg("warning", "✗")} ${this.shortPath(collision!.loserPath)} (skipped)`));
    }
    for (const diagnostic of diagnostics) {
      if (diagnostic.collision) continue;
      const colour = diagnostic.type === "error" ? "error" : "warning";
      if (diagnostic.path) lines.push(theme.fg(colour, `  ${this.shortPath(diagnostic.path)}`), theme.fg(colour, `    ${diagnostic.message}`));
      else lines.push(theme.fg(colour, `  ${diagnostic.message}`));
    }
    return lines;
  }

  private shortPath(path: string): string {
    return homePath(path, this.home);
  }
}
