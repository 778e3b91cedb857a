// An inert theme: every styling call returns its text unchanged, so extensions that colour their output in
// pith's non-interactive modes still get the plain text back.

type Styler = (...args: unknown[]) => string;

const lastText: Styler = (...args) => {
  for (let index = args.length - 1; index >= 0; index--) if (typeof args[index] === "string") return args[index] as string;
  return "";
};

/** Answers any method name (`fg`, `bg`, `bold`, `italic`, ...) with a function returning the text argument. */
export function createPlainTheme(name = "plain"): Record<string, unknown> {
  const known: Record<string, unknown> = { name, sourcePath: undefined };
  return new Proxy(known, {
    get(target, property) {
      if (typeof property !== "string") return undefined;
      if (property in target) return target[property];
      // never look like a promise
      if (property === "then" || property === "toJSON") return undefined;
      return lastText;
    },
  });
}

export const plainTheme = createPlainTheme();
