import { createServer } from "node:http";

export type HelpPage = { path: string; title: string; text: string; delayMs?: number };

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * A shop's help site for the crawler on 127.0.0.1: robots.txt, an index page linking every page,
 * and the pages themselves (a page with `delayMs` answers that much later). `requests` lists the
 * paths asked for.
 */
export async function startHelpSite(pages: HelpPage[], index = { title: "Help Center", text: "How can we help?" }) {
  const requests: string[] = [];
  const links = pages.map((page) => `<li><a href="${page.path}">${page.title}</a></li>`).join("");
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    requests.push(path);
    const page = pages.find((item) => item.path === path);
    if (path === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    } else if (path === "/") {
      const body = `<main><h1>${index.title}</h1><p>${index.text}</p><ul>${links}</ul></main>`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html(index.title, body));
    } else if (page) {
      const body = `<main><h1>${page.title}</h1><p>${page.text}</p><p><a href="/">All help pages</a></p></main>`;
      setTimeout(
        () => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html(page.title, body)),
        page.delayMs ?? 0,
      );
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type HelpSite = Awaited<ReturnType<typeof startHelpSite>>;
