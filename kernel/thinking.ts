// Which thinking levels a model supports, and the nearest supported level to a wish.
import { THINKING_LEVELS, type Model, type ThinkingLevel } from "./model.js";

export function supportedThinkingLevels(model: Model | undefined): ThinkingLevel[] {
  if (!model?.reasoning) return ["off"];
  const map = model.thinkingLevelMap ?? {};
  return THINKING_LEVELS.filter((level) => {
    if (level === "off") return map.off !== null;
    // The levels above "high" are opt-in: a model has them only where its map names them.
    if (level === "xhigh" || level === "max") return typeof map[level] === "string";
    return map[level] !== null;
  });
}

/** The requested level if supported, else the nearest supported level above it, else the nearest below. */
export function clampThinkingLevel(model: Model | undefined, level: ThinkingLevel): ThinkingLevel {
  const supported = supportedThinkingLevels(model);
  if (supported.includes(level)) return level;
  const wanted = THINKING_LEVELS.indexOf(level);
  const above = supported.find((candidate) => THINKING_LEVELS.indexOf(candidate) > wanted);
  if (above) return above;
  return [...supported].reverse().find((candidate) => THINKING_LEVELS.indexOf(candidate) < wanted) ?? "off";
}
