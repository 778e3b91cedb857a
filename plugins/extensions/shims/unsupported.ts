// Names pi 1.6.0 serves to extensions that pith has no counterpart for (pi's own TUI screens, its session runtime,
// image generation, OAuth flows...). Each is exported under its name so that importing it works as in pi, and
// calling it (or `new`-ing it) fails with an error that names the module and the export, instead of the
// "undefined is not a function" a missing export would give. docs/compatibility.md lists them.
import { PithError } from "../../../kernel/index.js";

export type Unsupported = (...args: unknown[]) => never;

export function unsupported(module: string, name: string): Unsupported {
  const fail = function (): never {
    throw new PithError(
      "EXTENSION_API_UNSUPPORTED",
      `${name} from "${module}" is part of pi's own runtime, which pith does not provide; an extension that needs it cannot run in pith (see docs/compatibility.md).`,
    );
  };
  Object.defineProperty(fail, "name", { value: name });
  return fail as Unsupported;
}
