// What the run loaded, listed in the chat at start-up as pi does: the context files, skills, prompt templates
// (as `/name`) and extensions, each section under its heading. Collapsed, a section is one dim,
// sorted, comma-separated list of names; expanded (ctrl+o), one line per resource with its path, grouped by where
// it comes from (project, user, path given on the command line or by an extension).
import { Container, Text } from "@earendil-works/pi-tui";
import type { Theme } from "../theme/theme.js";
import { homePath } from "./home-path.js";

export type ResourcePlace = "project" | "user" | "path";

export interface ListedResource {
  name: string;
  path: string;
  place: ResourcePlace;
}

export interface ResourceSection {
  heading: "Context" | "Skills" | "Prompts" | "Extensions";
  items: readonly ListedResource[];
}

const PLACES: readonly ResourcePlace[] = ["project", "user", "path"];

export class ResourceListing extends Container {
  constructor(
    private readonly sections: readonly ResourceSection[],
    private readonly theme: Theme,
    private readonly home: string | undefined,
    expanded: boolean,
  ) {
    super();
    this.setExpanded(expanded);
  }

  get empty(): boolean {
    return this.sections.every((section) => section.items.length === 0);
  }

  setExpanded(expanded: boolean): void {
    const { theme } = this;
    this.clear();
    const lines: string[] = [];
    for (const { heading, items } of this.sections) {
      if (items.length === 0) continue;
      lines.push("", theme.fg("mdHeading", `[${heading}]`));
      if (!expanded) {
        lines.push(theme.fg("dim", `  ${[...new Set(items.map((item) => this.shortPath(item.name)))].sort((a, b) => a.localeCompare(b)).join(", ")}`));
        continue;
      }
      for (const place of PLACES) {
        const here = items.filter((item) => item.place === place);
        if (here.length === 0) continue;
        lines.push(theme.fg("muted", `  ${place}`));
        for (const item of here) lines.push(`    ${item.name}${item.path !== item.name ? theme.fg("dim", `  ${this.shortPath(item.path)}`) : ""}`);
      }
    }
    if (lines.length > 0) this.addChild(new Text(lines.join("\n"), 1, 0));
  }

  private shortPath(path: string): string {
    return homePath(path, this.home);
  }
}
