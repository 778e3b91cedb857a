// Colour arithmetic for themes built from the terminal's colours: WCAG contrast between two sRGB colours, and
// OKLCH (perceptual lightness, chroma, hue) so a colour can be made lighter or darker without changing its hue.
import type { RgbColor } from "@earendil-works/pi-tui";

export interface Oklch {
  l: number;
  c: number;
  h: number;
}

const toLinear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (value: number) => 255 * (value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055);

/** WCAG relative luminance */
export function luminance({ r, g, b }: RgbColor): number {
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
}

/** WCAG contrast ratio, 1 to 21 */
export function contrast(a: RgbColor, b: RgbColor): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

export function toOklch(color: RgbColor): Oklch {
  const [r, g, b] = [toLinear(color.r), toLinear(color.g), toLinear(color.b)];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** the linear sRGB channels, possibly outside 0..1 when the colour is out of gamut */
function linearRgb({ l: L, c, h }: Oklch): [number, number, number] {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (color: Oklch) => linearRgb(color).every((value) => value >= -1e-4 && value <= 1 + 1e-4);

/** the sRGB colour; out of gamut, chroma gives way (hue and lightness stay) until it fits */
export function fromOklch(color: Oklch): RgbColor {
  let fitted = { ...color, l: Math.min(1, Math.max(0, color.l)) };
  if (!inGamut(fitted)) {
    let [low, high] = [0, fitted.c];
    for (let step = 0; step < 20; step++) {
      const mid = (low + high) / 2;
      if (inGamut({ ...fitted, c: mid })) low = mid;
      else high = mid;
    }
    fitted = { ...fitted, c: low };
  }
  const [r, g, b] = linearRgb(fitted).map((value) => Math.round(Math.min(255, Math.max(0, fromLinear(Math.min(1, Math.max(0, value)))))));
  return { r: r!, g: g!, b: b! };
}

export function toHex({ r, g, b }: RgbColor): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

export function fromHex(hex: string): RgbColor {
  return { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) };
}
