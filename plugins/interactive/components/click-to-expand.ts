// pi 1.6.0's fullscreen mode: a left click on a tool row, a summary or a skill's box expands or collapses that item
// alone (the expand key does it for all of them).
import type { Component, Container, TuiMouseEvent, TuiMouseEventResult } from "@earendil-works/pi-tui";

export function toggleOnClick(event: TuiMouseEvent, toggle: () => void): TuiMouseEventResult | undefined {
  if (event.type !== "click" || event.button !== "left") return undefined;
  toggle();
  return { handled: true };
}

type Dispatched = ReturnType<Container["handleMouse"]>;

/** for a component with children that takes the click itself: the result pi-tui's dispatcher passes on, naming it the target */
export function containerToggleOnClick(container: Component, event: TuiMouseEvent, toggle: () => void): Dispatched {
  const result = toggleOnClick(event, toggle);
  if (!result) return undefined;
  const target = { component: container, originX: event.screenX - event.x, originY: event.screenY - event.y, width: event.width, height: event.height };
  return { ...result, handled: true, target };
}
