import { describe, expect, it } from "vitest";
import { AppError } from "../../../platform/errors";
import { extractHtml } from "./extract-html";

const page = (body: string, head = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("extractHtml", () => {
  describe("title", () => {
    it("prefers og:title, then <title>, then the first h1, decoded and whitespace-collapsed", () => {
      const og = extractHtml(
        page("<h1>H1</h1>", '<meta property="og:title" content="Caf&eacute;  Deluxe"><title>T</title>'),
      );
      expect(og.title).toBe("Café Deluxe");
      expect(extractHtml(page("<h1>H1</h1>", "<title>\n  Boots &amp;\n Shoes </title>")).title).toBe("Boots & Shoes");
      expect(extractHtml(page("<main><h1> Our <em>story</em> </h1></main>")).title).toBe("Our story");
      expect(extractHtml(page("<p>no title</p>")).title).toBe("");
    });

    it("keeps an escaped script tag in the title as literal text", () => {
      const { title, text } = extractHtml(page("<p>Hi</p>", "<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"));
      expect(title).toBe("<script>alert(1)</script>");
      expect(text).toBe("Hi");
    });

    it("keeps a raw script tag inside <title> as literal text, never as markup", () => {
      const { title } = extractHtml(page("<p>Hi</p>", "<title><script>alert(1)</script> Shop</title>"));
      expect(title).toBe("<script>alert(1)</script> Shop");
    });

    it("takes the h1 fallback without script content", () => {
      expect(extractHtml(page("<h1>Sale<script>alert(1)</script></h1>")).title).toBe("Sale");
    });
  });

  describe("noise", () => {
    it("drops scripts, styles, site chrome, forms, iframes and hidden elements", () => {
      const html = page(`
        <header><a href="/">Logo</a> Menu</header>
        <nav>Home Shop</nav>
        <script>var secret = 1;</script><style>p { color: red }</style><noscript>Enable JS</noscript>
        <template><p>Template</p></template><svg><title>Icon</title><text>svg text</text></svg>
        <p>Visible</p>
        <p hidden>Hidden attr</p><p aria-hidden="true">Aria hidden</p><p style="display: none">Display none</p>
        <form><label>Email</label><button>Subscribe</button></form>
        <iframe src="https://video.example"></iframe>
        <footer>© Shop</footer>`);
      expect(extractHtml(html).text).toBe("Visible");
    });

    it("keeps an article's own header and footer", () => {
      const html = page(`<header>Site</header><article><header><h1>Post</h1><p>By Anna</p></header>
        <p>Body</p><footer>Tags: boots</footer></article><footer>Site footer</footer>`);
      expect(extractHtml(html).text).toBe("Post\n\nBy Anna\n\nBody\n\nTags: boots");
    });

    it("returns empty text for a page without text", () => {
      const result = extractHtml(page("<script>document.write('x')</script><div> </div><img src='/a.png'>"));
      expect(result.text).toBe("");
      expect(result.sections).toEqual([]);
      expect(extractHtml("").text).toBe("");
    });
  });

  describe("text formatting", () => {
    it("separates blocks by blank lines, keeps inline text together and decodes entities", () => {
      const html = page(`<div><p>Free   shipping over <strong>&euro;50</strong>&nbsp;!</p>
        <p>Line one<br>Line two</p>Loose text<div>Returns &amp; refunds</div></div>`);
      expect(extractHtml(html).text).toBe(
        "Free shipping over €50 !\n\nLine one\nLine two\n\nLoose text\n\nReturns & refunds",
      );
    });

    it("writes list items as '- item' lines, nested lists indented", () => {
      const html = page(`<p>Sizes:</p><ul><li>Small</li><li>Medium<ul><li>Tall</li></ul></li><li><p>Large</p></li></ul>
        <ol><li>First</li><li>Second</li></ol><p>After</p>`);
      expect(extractHtml(html).text).toBe(
        "Sizes:\n\n- Small\n- Medium\n  - Tall\n- Large\n\n- First\n- Second\n\nAfter",
      );
    });

    it("writes table rows as cells joined by ' | '", () => {
      const html = page(`<p>Specs</p><table><thead><tr><th>Size</th><th>Chest</th><th>Length</th></tr></thead>
        <tbody><tr><td>S</td><td><p>50 cm</p></td><td></td></tr><tr><td> </td><td></td><td></td></tr>
        <tr><td>M</td><td>52 cm</td><td>70 cm</td></tr></tbody></table><p>Next</p>`);
      expect(extractHtml(html).text).toBe("Specs\n\nSize | Chest | Length\nS | 50 cm |\nM | 52 cm | 70 cm\n\nNext");
    });

    it("keeps Hebrew and Dutch text and reads the language", () => {
      const hebrew = extractHtml(
        `<html lang="he" dir="rtl"><body><h1>משלוחים והחזרות</h1><p>המשלוח חינם בהזמנה מעל 200 ש״ח.</p></body></html>`,
      );
      expect(hebrew.language).toBe("he");
      expect(hebrew.title).toBe("משלוחים והחזרות");
      expect(hebrew.text).toBe("משלוחים והחזרות\n\nהמשלוח חינם בהזמנה מעל 200 ש״ח.");

      const dutch = extractHtml(
        `<html lang="nl-NL"><body><p>Gratis verzending vanaf &euro;50; retourneren binnen 30 dagen. Één ruil is gratis, ook voor coöperaties.</p></body></html>`,
      );
      expect(dutch.language).toBe("nl-NL");
      expect(dutch.text).toBe(
        "Gratis verzending vanaf €50; retourneren binnen 30 dagen. Één ruil is gratis, ook voor coöperaties.",
      );
    });

    it("returns null language when the page does not say", () => {
      expect(extractHtml(page("<p>x</p>")).language).toBeNull();
    });
  });

  describe("content selection", () => {
    const shopPage = page(`
      <div class="announcement">Sale!</div>
      <main><p>Main text</p></main>
      <div class="product"><h2>Trail Boot</h2><p>Waterproof leather.</p>
        <table class="specs"><tr><td>Weight</td><td>900 g</td></tr></table></div>`);

    it("uses only the documentSelector matches as content", () => {
      const result = extractHtml(shopPage, { documentSelector: ".product" });
      expect(result.text).toBe("Trail Boot\n\nWaterproof leather.\n\nWeight | 900 g");
    });

    it("falls back to <main>, then <article>, then the body", () => {
      expect(extractHtml(shopPage, { documentSelector: ".does-not-exist" }).text).toBe("Main text");
      expect(extractHtml(shopPage).text).toBe("Main text");
      expect(extractHtml(page("<aside>x</aside><article><p>A1</p></article><article><p>A2</p></article>")).text).toBe(
        "A1\n\nA2",
      );
      expect(extractHtml(page("<p>Body only</p>")).text).toBe("Body only");
    });

    it("appends additionalDataSelector text as its own section, without repeating it", () => {
      const result = extractHtml(shopPage, { documentSelector: ".product", additionalDataSelector: ".specs" });
      expect(result.sections).toEqual([
        { heading: "Trail Boot", text: "Waterproof leather." },
        { heading: null, text: "Weight | 900 g" },
      ]);
      expect(result.text).toBe("Trail Boot\n\nWaterproof leather.\n\nWeight | 900 g");
    });

    it("takes additional data from outside the content too", () => {
      const result = extractHtml(shopPage, { additionalDataSelector: ".announcement" });
      expect(result.sections).toEqual([
        { heading: null, text: "Main text" },
        { heading: null, text: "Sale!" },
      ]);
    });

    it("splits sections at h1–h3 by default", () => {
      const html =
        page(`<main><p>Intro</p><h1>Help</h1><h2>Shipping</h2><p>3 days.</p><h4>Small print</h4><p>Not Sundays.</p>
        <h3>Returns</h3><p>30 days.</p></main>`);
      const result = extractHtml(html);
      expect(result.sections).toEqual([
        { heading: null, text: "Intro" },
        { heading: "Shipping", text: "3 days.\n\nSmall print\n\nNot Sundays." },
        { heading: "Returns", text: "30 days." },
      ]);
      expect(result.text).toBe(
        "Intro\n\nHelp\n\nShipping\n\n3 days.\n\nSmall print\n\nNot Sundays.\n\nReturns\n\n30 days.",
      );
    });

    it("splits sections at chunkSelectors instead", () => {
      const html = page(`<main><h2>FAQ</h2>
        <div class="faq-item"><strong>Do you ship abroad?</strong><p>Yes, to the EU.</p></div>
        <div class="faq-item"><strong>Can I return?</strong><p>Within 30 days.</p></div></main>`);
      const result = extractHtml(html, { chunkSelectors: [".faq-item"] });
      expect(result.sections).toEqual([
        { heading: null, text: "FAQ" },
        { heading: null, text: "Do you ship abroad?\n\nYes, to the EU." },
        { heading: null, text: "Can I return?\n\nWithin 30 days." },
      ]);
      const byHeading = extractHtml(html, { chunkSelectors: ["h2", ""] });
      expect(byHeading.sections.map((section) => section.heading)).toEqual(["FAQ"]);
    });

    it("drops text after the descriptionDelimiter", () => {
      const description =
        page(`<p>Soft merino wool.</p><ul><li>Machine washable</li></ul><p>###</p><p>Internal: supplier X</p>
        <h2>Hidden later</h2><p>More</p>`);
      const result = extractHtml(description, { descriptionDelimiter: "###" });
      expect(result.text).toBe("Soft merino wool.\n\n- Machine washable");
      expect(result.sections).toEqual([{ heading: null, text: "Soft merino wool.\n\n- Machine washable" }]);
      const midSentence = extractHtml(page("<p>Keep this -- drop this</p>"), { descriptionDelimiter: "--" });
      expect(midSentence.text).toBe("Keep this");
      expect(extractHtml(page("<p>No delimiter</p>"), { descriptionDelimiter: "###" }).text).toBe("No delimiter");
    });

    it("reports an invalid selector to the admin", () => {
      expect(() => extractHtml(page("<p>x</p>"), { documentSelector: "div[[" })).toThrow(AppError);
      expect(() => extractHtml(page("<p>x</p>"), { chunkSelectors: ["h2:nope"] })).toThrow(
        'The selector "h2:nope" is not valid CSS.',
      );
    });
  });

  describe("image and links", () => {
    it("takes og:image, else the first content image, as an absolute URL", () => {
      const base = "https://shop.example/products/boot";
      expect(extractHtml(page("", '<meta property="og:image" content="/img/og.jpg">'), { baseUrl: base }).image).toBe(
        "https://shop.example/img/og.jpg",
      );
      const lazy = page(
        '<header><img src="/logo.png"></header><main><img src="data:image/gif;base64,R0l" data-src="boot.jpg"></main>',
      );
      expect(extractHtml(lazy, { baseUrl: base }).image).toBe("https://shop.example/products/boot.jpg");
      expect(extractHtml(page("<p>x</p>"), { baseUrl: base }).image).toBeNull();
    });

    it("lists absolute http(s) links without fragments, each once", () => {
      const html = page(`<nav><a href="/shop">Shop</a></nav><a href="faq#returns">FAQ</a><a href="/faq">FAQ again</a>
        <a href="https://other.example/x?a=1#top">Other</a><a href="mailto:hi@shop.example">Mail</a>
        <a href="javascript:void(0)">JS</a><a href="tel:+31">Call</a><a>No href</a>`);
      expect(extractHtml(html, { baseUrl: "https://shop.example/" }).links).toEqual([
        "https://shop.example/shop",
        "https://shop.example/faq",
        "https://other.example/x?a=1",
      ]);
      expect(extractHtml(html).links).toEqual(["https://other.example/x?a=1"]);
    });

    it("resolves links against <base href>", () => {
      const html = page('<a href="page">x</a>', '<base href="https://cdn.shop.example/en/">');
      expect(extractHtml(html, { baseUrl: "https://shop.example/" }).links).toEqual([
        "https://cdn.shop.example/en/page",
      ]);
    });
  });
});
