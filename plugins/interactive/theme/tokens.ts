// The colour roles of pi's theme format (its token names carry over, so pi theme files load unchanged), and
// pith's own dark and light palettes for them.

export const THEME_TOKENS = [
  "accent", "border", "borderAccent", "borderMuted", "success", "error", "warning", "muted", "dim", "text", "thinkingText",
  "selectedBg", "userMessageBg", "userMessageText", "customMessageBg", "customMessageText", "customMessageLabel",
  "toolPendingBg", "toolSuccessBg", "toolErrorBg", "toolTitle", "toolOutput",
  "mdHeading", "mdLink", "mdLinkUrl", "mdCode", "mdCodeBlock", "mdCodeBlockBorder", "mdQuote", "mdQuoteBorder", "mdHr", "mdListBullet",
  "toolDiffAdded", "toolDiffRemoved", "toolDiffContext",
  "syntaxComment", "syntaxKeyword", "syntaxFunction", "syntaxVariable", "syntaxString", "syntaxNumber", "syntaxType", "syntaxOperator", "syntaxPunctuation",
  "thinkingOff", "thinkingMinimal", "thinkingLow", "thinkingMedium", "thinkingHigh", "thinkingXhigh", "thinkingMax",
  "bashMode",
  "scrollbarTrack", "scrollbarThumb", "searchMatchBg", "searchMatchText",
] as const;

export type ThemeToken = (typeof THEME_TOKENS)[number];

/** Roles a theme file may leave out, each taking the colour of the role named here (pi added them later). */
export const OPTIONAL_TOKENS: Readonly<Partial<Record<ThemeToken, ThemeToken>>> = {
  thinkingMax: "thinkingXhigh",
  scrollbarTrack: "muted",
  scrollbarThumb: "text",
  searchMatchBg: "selectedBg",
  searchMatchText: "text",
};
/** not a colour: the terminal's own text colour drawn faint (the system theme's secondary text when the terminal told nothing) */
export const FAINT = "faint";
/** "#rrggbb", an xterm index, "" for the terminal's own colour, or FAINT */
export type ColorValue = string | number;
export type Palette = Record<ThemeToken, ColorValue>;

const shared = {
  success: "#98c379", error: "#e06c75", warning: "#e5c07b", bashMode: "#d19a66",
  toolDiffAdded: "#98c379", toolDiffRemoved: "#e06c75",
  syntaxString: "#98c379", syntaxNumber: "#d19a66", syntaxKeyword: "#c678dd", syntaxFunction: "#61afef", syntaxType: "#e5c07b",
  thinkingXhigh: "#e06c75", thinkingMax: "#ff5f5f",
} satisfies Partial<Palette>;

export const DARK: Palette = {
  ...shared,
  accent: "#7fc8c0", border: "#6b8cff", borderAccent: "#7fc8c0", borderMuted: "#4e4e4e", muted: "#8a8a8a", dim: "#6a6a6a", text: "",
  thinkingText: "#8a8a8a", selectedBg: "#3a3a4a", userMessageBg: "#30323e", userMessageText: "", customMessageBg: "#2c2836",
  customMessageText: "", customMessageLabel: "#b48ead", toolPendingBg: "#26262f", toolSuccessBg: "#25302a", toolErrorBg: "#3a2626",
  toolTitle: "", toolOutput: "#9a9a9a", mdHeading: "#e5c07b", mdLink: "#61afef", mdLinkUrl: "#6a6a6a", mdCode: "#7fc8c0",
  mdCodeBlock: "#b5c0a0", mdCodeBlockBorder: "#6a6a6a", mdQuote: "#9a9a9a", mdQuoteBorder: "#6a6a6a", mdHr: "#6a6a6a", mdListBullet: "#7fc8c0",
  toolDiffContext: "#8a8a8a", syntaxComment: "#6a9955", syntaxVariable: "#9cdcfe", syntaxOperator: "#d4d4d4", syntaxPunctuation: "#d4d4d4",
  thinkingOff: "#4e4e4e", thinkingMinimal: "#6e6e6e", thinkingLow: "#5f87af", thinkingMedium: "#81a2be", thinkingHigh: "#b294bb",
  scrollbarTrack: "#8a8a8a", scrollbarThumb: "", searchMatchBg: "#3a3a4a", searchMatchText: "",
};

export const LIGHT: Palette = {
  ...shared,
  success: "#4b8b3b", error: "#c0392b", warning: "#a66f00", bashMode: "#b35900", toolDiffAdded: "#4b8b3b", toolDiffRemoved: "#c0392b",
  syntaxString: "#4b8b3b", syntaxNumber: "#b35900", syntaxKeyword: "#8e44ad", syntaxFunction: "#2f6fb5", syntaxType: "#a66f00",
  accent: "#3a8a82", border: "#4a6fd8", borderAccent: "#3a8a82", borderMuted: "#b8b8b8", muted: "#6c6c6c", dim: "#8c8c8c", text: "",
  thinkingText: "#6c6c6c", selectedBg: "#dde3ee", userMessageBg: "#e9ebf0", userMessageText: "", customMessageBg: "#efe9f4",
  customMessageText: "", customMessageLabel: "#7d4f9e", toolPendingBg: "#eeeef2", toolSuccessBg: "#e6f1e6", toolErrorBg: "#f6e3e3",
  toolTitle: "", toolOutput: "#555555", mdHeading: "#a66f00", mdLink: "#2f6fb5", mdLinkUrl: "#8c8c8c", mdCode: "#3a8a82",
  mdCodeBlock: "#3d4a2f", mdCodeBlockBorder: "#8c8c8c", mdQuote: "#555555", mdQuoteBorder: "#8c8c8c", mdHr: "#8c8c8c", mdListBullet: "#3a8a82",
  toolDiffContext: "#6c6c6c", syntaxComment: "#6a8a55", syntaxVariable: "#2d5f8a", syntaxOperator: "#333333", syntaxPunctuation: "#333333",
  thinkingOff: "#b8b8b8", thinkingMinimal: "#9c9c9c", thinkingLow: "#5f87af", thinkingMedium: "#4a6fd8", thinkingHigh: "#8e44ad",
  thinkingXhigh: "#c0392b", thinkingMax: "#a61b1b",
  scrollbarTrack: "#6c6c6c", scrollbarThumb: "", searchMatchBg: "#dde3ee", searchMatchText: "",
};

export const BUILTIN_PALETTES: Readonly<Record<string, Palette>> = { dark: DARK, light: LIGHT };
