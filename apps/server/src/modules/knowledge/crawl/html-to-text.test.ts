import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";

describe("htmlToText", () => {
  it("formats a Shopify description fragment like a page", () => {
    const html = `<p>Our <b>best-selling</b> boot.</p><ul><li>Leather</li><li>Rubber sole</li></ul>
      <table><tr><th>EU</th><th>US</th></tr><tr><td>42</td><td>9</td></tr></table>Care: wipe clean.<br>Do not bleach.`;
    expect(htmlToText(html)).toBe(
      "Our best-selling boot.\n\n- Leather\n- Rubber sole\n\nEU | US\n42 | 9\n\nCare: wipe clean.\nDo not bleach.",
    );
  });

  it("drops scripts, iframes and hidden parts of a Zendesk article body", () => {
    const html = `<h2>Returns</h2><p>Send it back within 30&nbsp;days.</p><script>track()</script>
      <iframe src="https://www.youtube.com/embed/x"></iframe><div style="display:none">draft</div><pre>Street 1
Amsterdam</pre>`;
    expect(htmlToText(html)).toBe("Returns\n\nSend it back within 30 days.\n\nStreet 1\nAmsterdam");
  });

  it("keeps escaped markup as literal text and handles empty input", () => {
    expect(htmlToText("<p>Use &lt;b&gt; for bold</p>")).toBe("Use <b> for bold");
    expect(htmlToText("")).toBe("");
    expect(htmlToText("   ")).toBe("");
  });
});
