import { describe, expect, it } from "vitest";
import { formatSize, truncateHead, truncateLine, truncateTail } from "../../plugins/tools/index.js";

const lines = (count: number, prefix = "line") => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join("\n");

describe("formatSize", () => {
  it("uses B, KB and MB with one decimal", () => {
    expect(formatSize(0)).toBe("0B");
    expect(formatSize(1023)).toBe("1023B");
    expect(formatSize(1024)).toBe("1.0KB");
    expect(formatSize(51200)).toBe("50.0KB");
    expect(formatSize(1536 * 1024)).toBe("1.5MB");
  });
});

describe("truncateHead", () => {
  it("leaves short content alone", () => {
    const result = truncateHead("a\nb");
    expect(result).toMatchObject({ content: "a\nb", truncated: false, truncatedBy: null, totalLines: 2, outputLines: 2 });
  });

  it("keeps the first maxLines lines", () => {
    const result = truncateHead(lines(10), { maxLines: 3 });
    expect(result.content).toBe("line1\nline2\nline3");
    expect(result).toMatchObject({ truncated: true, truncatedBy: "lines", totalLines: 10, outputLines: 3 });
  });

  it("stops before the line that would pass the byte limit, counting newlines", () => {
    // "aaaa\nbbbb" is 9 bytes; a third line would need 5 more
    const result = truncateHead("aaaa\nbbbb\ncccc", { maxBytes: 13 });
    expect(result.content).toBe("aaaa\nbbbb");
    expect(result).toMatchObject({ truncatedBy: "bytes", outputBytes: 9, firstLineExceedsLimit: false });
  });

  it("returns nothing when the first line alone is over the byte limit", () => {
    const result = truncateHead(`${"x".repeat(100)}\nshort`, { maxBytes: 50 });
    expect(result).toMatchObject({ content: "", firstLineExceedsLimit: true, truncatedBy: "bytes", outputLines: 0 });
  });

  it("counts multi-byte characters as bytes", () => {
    const result = truncateHead("ééé\nb", { maxBytes: 6 });
    expect(result.content).toBe("ééé");
    expect(result.totalBytes).toBe(8);
  });
});

describe("truncateTail", () => {
  it("keeps the last maxLines lines", () => {
    const result = truncateTail(lines(10), { maxLines: 2 });
    expect(result.content).toBe("line9\nline10");
    expect(result).toMatchObject({ truncatedBy: "lines", outputLines: 2, totalLines: 10 });
  });

  it("keeps the UTF-8-safe end of a single over-long last line", () => {
    const result = truncateTail(`start\n${"é".repeat(30)}`, { maxBytes: 11 });
    // 11 bytes would split a 2-byte character; the cut moves forward to a boundary
    expect(result.content).toBe("é".repeat(5));
    expect(result).toMatchObject({ lastLinePartial: true, truncatedBy: "bytes", outputLines: 1 });
  });
});

describe("truncateLine", () => {
  it("marks lines cut at the character limit", () => {
    expect(truncateLine("abcdef", 3)).toEqual({ text: "abc... [truncated]", wasTruncated: true });
    expect(truncateLine("abc", 3)).toEqual({ text: "abc", wasTruncated: false });
  });
});
