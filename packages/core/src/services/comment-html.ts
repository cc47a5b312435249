import { escapeHtml } from "../rules/templates";

/**
 * A plain-text comment as HTML: every character is escaped (no markup the
 * author typed is ever passed through), blank lines separate paragraphs
 * (`<p>`), and other line breaks become `<br>`. Blank text gives "".
 */
export function renderCommentHtml(content: string): string {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[^\S\n]*\n\s*/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph.replace(/^\n+|\n+$/g, "")).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
