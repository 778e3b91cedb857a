// Markdown to HTML for the export page. marked renders; the renderer is changed where a message could otherwise put
// something on the page that acts: raw HTML is shown as text, links go only to web and mail addresses, and images
// only from inline data (a remote image would be a request leaving the page). Code blocks that name a language are
// coloured with highlight.js (which escapes the text) when the page is written: the page itself runs no highlighter.
import { Marked, type Tokens } from "marked";
import { highlightHtml } from "../../../lib/ui/syntax-highlight.js";
import { escapeHtml, imageDataUrl, safeHref } from "./escape.js";

let markdown: Marked | undefined;

function parser(): Marked {
  markdown ??= new Marked({
    gfm: true,
    breaks: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link({ href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        const target = safeHref(href);
        if (!target) return label;
        const titled = title ? ` title="${escapeHtml(title)}"` : "";
        return `<a href="${escapeHtml(target)}"${titled} rel="noopener noreferrer nofollow">${label}</a>`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = lang?.trim().split(/\s+/)[0];
        const coloured = highlightHtml(text, language);
        if (!coloured) return `<pre><code>${escapeHtml(text)}</code></pre>\n`;
        return `<pre><code class="hljs language-${escapeHtml(language!)}">${coloured}</code></pre>\n`;
      },
      image({ href, text }: Tokens.Image) {
        const inline = href.startsWith("data:") ? dataImage(href) : undefined;
        if (inline) return `<img src="${inline}" alt="${escapeHtml(text)}">`;
        return `<span class="remote-image">[image: ${escapeHtml(text || href)}]</span>`;
      },
    },
  });
  return markdown;
}

function dataImage(href: string): string | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(href);
  return match ? imageDataUrl(match[1], match[2]) : undefined;
}

/** The text as HTML; text marked cannot parse is shown as it is. */
export function renderMarkdown(text: string): string {
  try {
    return parser().parse(text, { async: false });
  } catch {
    return `<pre>${escapeHtml(text)}</pre>`;
  }
}
