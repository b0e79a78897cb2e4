import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The eval sets live in the repository's eval/ (eval/README.md). */
export const EVAL_ROOT = path.resolve(import.meta.dirname, "../../../../eval");

export type EvalArticle = { id: string; title: string; url: string; body: string };
export type EvalQuestion = {
  id: string;
  question: string;
  lang: "en" | "nl" | "he";
  kind: "answerable" | "multi" | "unanswerable" | "order";
  expected: { mustContainAny: string[][] } | null;
  sourceIds: string[];
  /** `dev` (tune on it) or `test` (report on it); a set without splits (shop-a) is all dev. */
  split?: "dev" | "test";
  /** The category and intent the shop's admin would route the question to (sets with categories). */
  category?: string | null;
  intent?: string | null;
};

export type EvalCategory = { title: string; description: string; intents: { title: string }[] };

export type EvalSet = Awaited<ReturnType<typeof loadEvalSetFromDir>>;

/** A set by name (`shop-a`), from eval/. */
export function loadEvalSet(name: string) {
  return loadEvalSetFromDir(path.join(EVAL_ROOT, name));
}

/** A set in the format of eval/shop-a: kb/articles.json, kb/products.json, questions.jsonl. */
export async function loadEvalSetFromDir(dir: string) {
  const articles = JSON.parse(await readFile(path.join(dir, "kb/articles.json"), "utf8")) as EvalArticle[];
  const products = JSON.parse(await readFile(path.join(dir, "kb/products.json"), "utf8")) as unknown;
  const questions = (await readFile(path.join(dir, "questions.jsonl"), "utf8"))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => ({ split: "dev", ...JSON.parse(line) }) as EvalQuestion);
  const categories = await readFile(path.join(dir, "kb/categories.json"), "utf8").then(
    (text) => JSON.parse(text) as EvalCategory[],
    () => [] as EvalCategory[],
  );
  // Prices of a set are in one currency (shop-d's in shekels).
  const currency = (products as { currency?: string }[])[0]?.currency ?? "EUR";
  return { name: path.basename(dir), articles, products, questions, categories, currency };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

/**
 * The eval set's help articles as a small help-centre website on loopback: an index page that
 * links every article, and one HTML page per article, rendered from the plain-text bodies
 * (blank-line paragraphs, "- " list items) the way a help centre would show them.
 */
export function articleToHtml(article: EvalArticle): string {
  const blocks = article.body.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    const items = lines.filter((line) => line.startsWith("- "));
    if (items.length === lines.length)
      return `<ul>${items.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join("")}</ul>`;
    if (items.length > 0 && lines[0] && !lines[0].startsWith("- ")) {
      return `<h2>${escapeHtml(lines[0])}</h2><ul>${items.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join("")}</ul>`;
    }
    if (lines.length === 1 && block.length < 60 && !/[.!?]$/.test(block)) return `<h2>${escapeHtml(block)}</h2>`;
    return `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`;
  });
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(article.title)}</title></head><body>
<nav><a href="/">Help centre</a></nav><main><h1>${escapeHtml(article.title)}</h1>${blocks.join("\n")}</main>
<footer>Help centre</footer></body></html>`;
}

export async function startHelpCentre(articles: EvalArticle[]) {
  const pathOf = (article: EvalArticle) => `/articles/${article.id}`;
  const server: Server = createServer((request, response) => {
    const url = request.url ?? "/";
    if (url === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    if (url === "/") {
      const links = articles.map((a) => `<li><a href="${pathOf(a)}">${escapeHtml(a.title)}</a></li>`).join("");
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><head><title>Help centre</title></head><body><main><h1>Help centre</h1><ul>${links}</ul></main></body></html>`,
      );
      return;
    }
    const article = articles.find((a) => pathOf(a) === url);
    if (!article) {
      response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(articleToHtml(article));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    articleUrl: (id: string) => `${base}/articles/${id}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
