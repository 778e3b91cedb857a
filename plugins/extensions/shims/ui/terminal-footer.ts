// pi's `FooterComponent` as extensions construct it in a `setFooter` factory (to wrap or extend the built-in
// footer), in a process that runs pith's terminal UI: pith's own footer, reading the figures the mode's footer
// reads (the footer data the factory was given leads to them).
import { PithError } from "../../../../kernel/index.js";
import { Footer, type FooterData } from "../../../interactive/components/footer.js";
import { MODE_FOOTER, type ExtensionFooterData } from "../../../interactive/extensions/frame.js";
import { interactiveTheme } from "./terminal-theme.js";

/** pi's `FooterComponent(session, footerData)`: the session is the running one, whatever is passed */
export class FooterComponent extends Footer {
  private autoCompact: boolean | undefined;

  constructor(_session: unknown, footerData: ExtensionFooterData) {
    const own = footerData?.[MODE_FOOTER];
    if (!own) {
      throw new PithError(
        "EXTENSION_FOOTER_DATA",
        "FooterComponent needs the footer data a ctx.ui.setFooter factory receives (its third argument), once the terminal UI is running.",
      );
    }
    const data: FooterData = { ...own, autoCompaction: () => this.autoCompact ?? own.autoCompaction() };
    super(data, interactiveTheme());
  }

  /** the session follows the mode's: nothing to switch */
  setSession(_session: unknown): void {}

  /** shows "(auto)" after the context figure, or not, whatever the setting says */
  setAutoCompactEnabled(enabled: boolean): void {
    this.autoCompact = enabled;
  }

  dispose(): void {}
}
