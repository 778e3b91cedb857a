// Everything a session holds is text from a model, a tool or a user: it reaches the page only through these.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for element content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A `data:` URL for an image block, or undefined when its type is not one browsers show inline (svg is refused:
 * it can carry script) or its data is not plain base64 (it could close the attribute).
 */
export function imageDataUrl(mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== "string" || typeof data !== "string") return undefined;
  const type = mimeType.toLowerCase() === "image/jpg" ? "image/jpeg" : mimeType.toLowerCase();
  if (!INLINE_IMAGE_TYPES.has(type)) return undefined;
  const compact = /\s/.test(data) ? data.replace(/\s+/g, "") : data;
  return BASE64.test(compact) ? `data:${type};base64,${compact}` : undefined;
}

/** Link targets that leave the page only when clicked: web and mail addresses. */
export function safeHref(href: string): string | undefined {
  return /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : undefined;
}
