import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderCommentHtml } from "./comment-html";

const OWN_TAGS = /<\/?p>|<br>/g;

/** The text a browser would show, tags aside: entities decoded, paragraphs and breaks as newlines. */
function textOf(html: string): string {
  return html
    .replace(OWN_TAGS, "\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Text rich in markup, entities and line breaks of every kind. */
const markupText = fc.string({
  unit: fc.oneof(fc.constantFrom("<", ">", "&", '"', "'", "\n", "\r", " ", "p", "br", "<script>", "&lt;", "</p>", "\r\n\r\n"), fc.string({ maxLength: 3 })),
  maxLength: 60,
});

describe("renderCommentHtml", () => {
  it("renderCommentHtml - escapes markup, keeps line breaks and paragraphs", () => {
    expect(renderCommentHtml("Hello <b>you</b> & \"them\"\nsecond line\n\nNew 'paragraph'")).toBe(
      "<p>Hello &lt;b&gt;you&lt;/b&gt; &amp; &quot;them&quot;<br>second line</p><p>New &#39;paragraph&#39;</p>",
    );
    expect(renderCommentHtml("one\r\n\r\n\r\ntwo\rthree")).toBe("<p>one</p><p>two<br>three</p>");
    expect(renderCommentHtml("  \n\n ")).toBe("");
  });

  it("renderCommentHtml - never emits a < that is not one of its own tags", () => {
    fc.assert(
      fc.property(markupText, (content) => {
        expect(renderCommentHtml(content).replace(OWN_TAGS, "")).not.toMatch(/[<>]/);
      }),
      { numRuns: 2000 },
    );
  });

  it("renderCommentHtml - keeps every non-space character of the text, in order", () => {
    fc.assert(
      fc.property(markupText, (content) => {
        const squeeze = (text: string) => text.replace(/\s+/g, "");
        expect(squeeze(textOf(renderCommentHtml(content)))).toBe(squeeze(content));
      }),
      { numRuns: 2000 },
    );
  });
});
