// A promise for a reply's `holdUntil` and what settles it: the reply waits until the test has seen the state it
// keeps on screen, then goes on at once.

export interface Release {
  /** what `holdUntil` waits for */
  held: Promise<void>;
  release(): void;
}

export function holdUntilReleased(): Release {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
