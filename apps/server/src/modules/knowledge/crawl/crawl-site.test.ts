import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { afterEach, describe, expect, it } from "vitest";
import { startDnsServer } from "../../../../test/dns-server";
import { addressRuleFor, createAddressGuard } from "./address-guard";
import { type CrawlResult, type CrawlSiteOptions, crawlSite } from "./crawl-site";
import { extractHtml } from "./extract-html";

type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
type Route = string | Handler;

type TestSite = {
  origin: string;
  /** Same server under another host name: a different site as far as the crawler is concerned. */
  otherOrigin: string;
  /** "host path" of every request, in arrival order. */
  requests: string[];
  pageRequests: () => string[];
};

const openServers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(openServers.splice(0).map((close) => close()));
});

const html = (body: string, head = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const links = (...hrefs: string[]) => hrefs.map((href) => `<a href="${href}">${href}</a>`).join(" ");

/** A real HTTP server on 127.0.0.1 (or `listen`); string routes answer 200 text/html, unknown paths 404. */
async function startSite(
  routes: Record<string, Route>,
  listen: { host: string; port: number } = { host: "127.0.0.1", port: 0 },
): Promise<TestSite> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    requests.push(`${request.headers.host?.split(":")[0]} ${path}`);
    const route = routes[path];
    if (route === undefined) {
      response.writeHead(404, { "content-type": "text/html" }).end("<p>Not found</p>");
    } else if (typeof route === "string") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(route);
    } else {
      await route(request, response);
    }
  });
  server.listen(listen.port, listen.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  openServers.push(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  });
  return {
    origin: `http://${listen.host}:${port}`,
    otherOrigin: `http://localhost:${port}`,
    requests,
    pageRequests: () => requests.filter((request) => !request.endsWith(" /robots.txt")),
  };
}

const redirect =
  (location: string, status = 302): Handler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

/** The test sites live on loopback, which only CRAWL_ALLOW_PRIVATE_NETWORKS=1 lets a crawl reach. */
const localGuard = createAddressGuard({ isAllowedAddress: addressRuleFor(true) });

async function crawl(options: CrawlSiteOptions): Promise<CrawlResult[]> {
  const results: CrawlResult[] = [];
  for await (const result of crawlSite({ addressGuard: localGuard, ...options })) results.push(result);
  return results;
}

const byUrl = (results: CrawlResult[], url: string) => results.find((result) => result.url === url);
const errorOf = (results: CrawlResult[], url: string) => {
  const result = byUrl(results, url);
  return result?.status === "error" ? result.message : undefined;
};
const okUrls = (results: CrawlResult[]) =>
  results
    .filter((result) => result.status === "ok")
    .map((result) => result.url)
    .sort();

describe("crawlSite", () => {
  it("follows same-site links once each and ignores other hosts", async () => {
    const routes: Record<string, Route> = { "/a": html(links("/", "/b", "/brochure.pdf")), "/b": html("<p>B</p>") };
    const site = await startSite(routes);
    routes["/"] = html(
      links(
        "/a",
        "b",
        "/a#reviews",
        "/a?utm_source=mail&utm_medium=x",
        `${site.otherOrigin}/elsewhere`,
        "mailto:x@y.z",
      ),
    );
    const results = await crawl({ startUrls: [`${site.origin}/`] });

    expect(okUrls(results)).toEqual([`${site.origin}/`, `${site.origin}/a`, `${site.origin}/b`]);
    expect(site.pageRequests().sort()).toEqual(["127.0.0.1 /", "127.0.0.1 /a", "127.0.0.1 /b"]);
    expect(site.requests.some((request) => request.startsWith("localhost"))).toBe(false);
  });

  it("returns the page as fetched, with its final URL and content type", async () => {
    const site = await startSite({ "/": html("<p>Welcome</p>", "<title>Shop</title>") });
    const [result] = await crawl({ startUrls: [`${site.origin}/#top`] });
    expect(result).toEqual({
      url: `${site.origin}/`,
      finalUrl: `${site.origin}/`,
      status: "ok",
      html: html("<p>Welcome</p>", "<title>Shop</title>"),
      contentType: "text/html; charset=utf-8",
    });
  });

  it("respects robots.txt Disallow for its user agent and fetches robots.txt once", async () => {
    const site = await startSite({
      "/robots.txt": (_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end("User-agent: *\nDisallow: /cart\n\nUser-agent: HarborBot\nDisallow: /private\n");
      },
      "/": html(links("/private/notes", "/public", "/cart")),
      "/cart": html("<p>Cart</p>"),
      "/public": html(links("/private/other", "/")),
      "/private/start": html("<p>secret</p>"),
    });
    const results = await crawl({ startUrls: [`${site.origin}/`, `${site.origin}/private/start`] });

    // Our own group applies, not the "*" group: /cart is allowed for HarborBot.
    expect(okUrls(results)).toEqual([`${site.origin}/`, `${site.origin}/cart`, `${site.origin}/public`]);
    expect(site.requests.filter((request) => request.includes("/private"))).toEqual([]);
    expect(site.requests.filter((request) => request.endsWith("/robots.txt"))).toHaveLength(1);
    // The shop owner asked for this page, so they are told why it is missing.
    expect(errorOf(results, `${site.origin}/private/start`)).toBe("Blocked by robots.txt.");
  });

  it("treats an unreachable or broken robots.txt as allowing everything", async () => {
    const site = await startSite({
      "/robots.txt": (_request, response) => {
        response.writeHead(500).end("oops");
      },
      "/": html(links("/next")),
      "/next": html("<p>next</p>"),
    });
    expect(okUrls(await crawl({ startUrls: [`${site.origin}/`] }))).toHaveLength(2);
  });

  it("fetches at most maxPages pages", async () => {
    const routes: Record<string, Route> = {};
    for (let page = 0; page < 100; page++) {
      routes[`/p/${page}`] = html(links(...[1, 2, 3, 4, 5].map((step) => `/p/${page * 5 + step}`)));
    }
    const site = await startSite(routes);
    const results = await crawl({ startUrls: [`${site.origin}/p/0`], maxPages: 10 });

    expect(results).toHaveLength(10);
    expect(site.pageRequests()).toHaveLength(10);
  });

  it("takes a bounded number of links from a page with 10,000 links", async () => {
    const hrefs = Array.from({ length: 10_000 }, (_, index) => `/item/${index}`);
    const routes: Record<string, Route> = { "/": html(links(...hrefs)) };
    const site = await startSite(routes);
    const results = await crawl({ startUrls: [`${site.origin}/`], maxLinksPerPage: 25, maxPages: 1000 });

    // The start page plus the first 25 links, in page order (they answer 404 here, which is fine).
    expect(results).toHaveLength(26);
    expect(site.pageRequests()).toHaveLength(26);
    expect(site.pageRequests()).toContain("127.0.0.1 /item/24");
    expect(site.pageRequests()).not.toContain("127.0.0.1 /item/25");
  });

  it("stops queueing links once the page budget is spoken for", async () => {
    const hrefs = Array.from({ length: 10_000 }, (_, index) => `/item/${index}`);
    const site = await startSite({ "/": html(links(...hrefs)) });
    const results = await crawl({ startUrls: [`${site.origin}/`], maxPages: 5 });
    expect(results).toHaveLength(5);
  });

  it("reports a redirect loop and too many redirects", async () => {
    const chain: Record<string, Route> = {};
    for (let hop = 0; hop < 10; hop++) chain[`/hop/${hop}`] = redirect(`/hop/${hop + 1}`, 301);
    const site = await startSite({
      "/loop-a": redirect("/loop-b"),
      "/loop-b": redirect("/loop-a"),
      ...chain,
    });
    const results = await crawl({
      startUrls: [`${site.origin}/loop-a`, `${site.origin}/hop/0`],
    });

    expect(errorOf(results, `${site.origin}/loop-a`)).toBe("The page redirects in a loop.");
    expect(errorOf(results, `${site.origin}/hop/0`)).toBe("Too many redirects.");
    // Five redirects followed: /hop/0 … /hop/5 asked, /hop/6 never.
    expect(site.pageRequests().filter((request) => request.includes("/hop/"))).toHaveLength(6);
  });

  it("follows a same-site redirect but never one to another site", async () => {
    const site = await startSite({
      "/old": redirect("/new", 301),
      "/new": html("<p>New</p>"),
      "/away": redirect("https://elsewhere.example/landing"),
    });
    const results = await crawl({ startUrls: [`${site.origin}/old`, `${site.origin}/away`] });

    expect(byUrl(results, `${site.origin}/old`)).toMatchObject({ status: "ok", finalUrl: `${site.origin}/new` });
    expect(errorOf(results, `${site.origin}/away`)).toBe(
      "The page redirects to another site (elsewhere.example), which is not crawled.",
    );
  });

  it("does not follow a redirect to another host of the same server", async () => {
    const routes: Record<string, Route> = {};
    const site = await startSite(routes);
    routes["/leave"] = redirect(`${site.otherOrigin}/welcome`);
    const results = await crawl({ startUrls: [`${site.origin}/leave`] });

    expect(errorOf(results, `${site.origin}/leave`)).toMatch(/^The page redirects to another site \(localhost:\d+\)/);
    expect(site.requests.some((request) => request.startsWith("localhost"))).toBe(false);
  });

  it("fetches a page once even when another page redirects to it", async () => {
    const site = await startSite({
      "/": html(links("/new", "/old", "/index.html")),
      "/old": redirect("/new", 301),
      "/index.html": redirect("/", 301),
      "/new": html("<p>New</p>"),
    });
    const results = await crawl({ startUrls: [`${site.origin}/`], perHostConcurrency: 1 });

    expect(site.pageRequests().filter((request) => request === "127.0.0.1 /new")).toHaveLength(1);
    expect(site.pageRequests().filter((request) => request === "127.0.0.1 /")).toHaveLength(1);
    expect(results.filter((result) => result.status === "ok" && result.finalUrl.endsWith("/new"))).toHaveLength(1);
  });

  it("lists a 500 page as an error and keeps crawling", async () => {
    const site = await startSite({
      "/": html(links("/broken", "/missing", "/fine")),
      "/broken": (_request, response) => {
        response.writeHead(500, { "content-type": "text/html" }).end("<p>Internal error</p>");
      },
      "/fine": html(links("/deeper")),
      "/deeper": html("<p>deep</p>"),
    });
    const results = await crawl({ startUrls: [`${site.origin}/`] });

    expect(errorOf(results, `${site.origin}/broken`)).toBe("The page answered 500 (server error).");
    expect(errorOf(results, `${site.origin}/missing`)).toBe("The page answered 404 (not found).");
    expect(okUrls(results)).toEqual([`${site.origin}/`, `${site.origin}/deeper`, `${site.origin}/fine`]);
  });

  it("skips a 50 MB page by streaming it, without reading it all", async () => {
    const fiftyMegabytes = 50 * 1024 * 1024;
    let bytesSent = 0;
    const site = await startSite({
      "/": html(links("/huge", "/after")),
      "/after": html("<p>after</p>"),
      "/huge": async (_request, response) => {
        // No Content-Length: the crawler cannot know the size up front and must stop reading.
        response.writeHead(200, { "content-type": "text/html" });
        const chunk = Buffer.alloc(64 * 1024, "a");
        while (bytesSent < fiftyMegabytes && !response.destroyed) {
          bytesSent += chunk.length;
          if (!response.write(chunk)) {
            await new Promise<void>((resolve) => {
              const done = () => {
                response.off("drain", done).off("close", done);
                resolve();
              };
              response.on("drain", done).on("close", done);
            });
          }
        }
        response.end();
      },
      "/declared": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html", "content-length": String(fiftyMegabytes) });
        response.write("<p>");
      },
    });
    const results = await crawl({ startUrls: [`${site.origin}/`, `${site.origin}/declared`] });

    expect(errorOf(results, `${site.origin}/huge`)).toBe("The page is larger than 5 MB and was skipped.");
    expect(errorOf(results, `${site.origin}/declared`)).toBe("The page is larger than 5 MB and was skipped.");
    expect(bytesSent).toBeLessThan(fiftyMegabytes);
    expect(okUrls(results)).toContain(`${site.origin}/after`);
  });

  it("decodes windows-1252 and ISO-8859-1 pages", async () => {
    const latin = (text: string) => Buffer.from(text, "latin1");
    const site = await startSite({
      "/header": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html; charset=windows-1252" });
        response.end(latin(html("<p>Caf\u00e9 cr\u00e8me</p>")));
      },
      "/meta": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html" });
        response.end(latin(html("<p>Caf\u00e9 ouvert</p>", '<meta charset="iso-8859-1">')));
      },
      "/http-equiv": (_request, response) => {
        response.writeHead(200, { "content-type": "text/html" });
        const head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">';
        // 0x80 is € and 0x93/0x94 are curly quotes in windows-1252 (C1 controls in strict Latin-1).
        const [before, after] = html("<p>Caf\u00e9 @</p>", head).split("@");
        response.end(
          Buffer.concat([latin(before ?? ""), Buffer.from([0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94]), latin(after ?? "")]),
        );
      },
    });
    const results = await crawl({
      startUrls: [`${site.origin}/header`, `${site.origin}/meta`, `${site.origin}/http-equiv`],
    });
    const textOf = (path: string) => {
      const result = byUrl(results, `${site.origin}${path}`);
      return result?.status === "ok" ? extractHtml(result.html).text : undefined;
    };

    expect(textOf("/header")).toBe("Café crème");
    expect(textOf("/meta")).toBe("Café ouvert");
    expect(textOf("/http-equiv")).toBe("Café € “ok”");
  });

  it("returns a page without text; the caller decides what to do with it", async () => {
    const site = await startSite({ "/": html("<script>render()</script><div id=app></div>") });
    const [result] = await crawl({ startUrls: [`${site.origin}/`] });
    expect(result?.status).toBe("ok");
    expect(result?.status === "ok" && extractHtml(result.html).text).toBe("");
  });

  it("skips non-HTML content types", async () => {
    const site = await startSite({
      "/price-list": (_request, response) => {
        response.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4");
      },
    });
    const results = await crawl({ startUrls: [`${site.origin}/price-list`] });
    expect(errorOf(results, `${site.origin}/price-list`)).toBe("Not an HTML page (application/pdf).");
  });

  it("reports an unreachable site and a timeout", async () => {
    const closed = await startSite({});
    const closedOrigin = closed.origin;
    await Promise.all(openServers.splice(0).map((close) => close()));
    const slow = await startSite({
      "/slow": () => {
        // Never answers; the crawler's timeout must end the request.
      },
    });
    const results = await crawl({ startUrls: [`${closedOrigin}/`, `${slow.origin}/slow`], timeoutMs: 300 });

    expect(errorOf(results, `${closedOrigin}/`)).toBe("The site could not be reached (ECONNREFUSED).");
    expect(errorOf(results, `${slow.origin}/slow`)).toBe("Timed out after 0.3 s.");
  });

  it("reports an invalid start URL without stopping", async () => {
    const site = await startSite({ "/": html("<p>ok</p>") });
    const results = await crawl({ startUrls: ["not a url", "ftp://files.example/x", `${site.origin}/`] });
    expect(results.filter((result) => result.status === "error")).toHaveLength(2);
    expect(okUrls(results)).toEqual([`${site.origin}/`]);
  });

  it("keeps a blog crawl under pathPrefix", async () => {
    const site = await startSite({
      "/blog": html(links("/blog/post-1", "/shop/boots", "/blogging-tips", "/")),
      "/blog/post-1": html(links("/blog/post-2", "/about")),
      "/blog/post-2": html("<p>Post 2</p>"),
    });
    const results = await crawl({ startUrls: [`${site.origin}/blog`], pathPrefix: "/blog/" });
    expect(okUrls(results)).toEqual([
      `${site.origin}/blog`,
      `${site.origin}/blog/post-1`,
      `${site.origin}/blog/post-2`,
    ]);
    expect(site.pageRequests()).toHaveLength(3);
  });

  it("fetches only the start URLs when followLinks is false", async () => {
    const site = await startSite({ "/": html(links("/a")), "/a": html("<p>a</p>") });
    const results = await crawl({ startUrls: [`${site.origin}/`], followLinks: false });
    expect(okUrls(results)).toEqual([`${site.origin}/`]);
    expect(site.pageRequests()).toEqual(["127.0.0.1 /"]);
  });

  it("never has more than perHostConcurrency requests in flight per host", async () => {
    const limit = 3;
    let inFlight = 0;
    let maxInFlight = 0;
    const held: Array<() => void> = [];
    const pagePaths = Array.from({ length: limit * 4 }, (_, index) => `/page/${index}`);
    const routes: Record<string, Route> = { "/": html(links(...pagePaths)) };
    for (const path of pagePaths) {
      routes[path] = async (_request, response) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Answers are held until `limit` requests wait together: the crawler only gets past this
        // by using its full allowance, and any request beyond it would be counted above.
        await new Promise<void>((resolve) => {
          held.push(resolve);
          if (held.length === limit) for (const release of held.splice(0)) release();
        });
        inFlight--;
        response.writeHead(200, { "content-type": "text/html" }).end(html("<p>page</p>"));
      };
    }
    const site = await startSite(routes);
    const results = await crawl({ startUrls: [`${site.origin}/`], perHostConcurrency: limit });

    expect(results).toHaveLength(pagePaths.length + 1);
    expect(maxInFlight).toBe(limit);
  });

  it("throws when aborted and stops fetching", async () => {
    const routes: Record<string, Route> = {};
    for (let page = 0; page < 50; page++) routes[`/p/${page}`] = html(links(`/p/${page + 1}`));
    const site = await startSite(routes);
    const controller = new AbortController();
    const seen: CrawlResult[] = [];
    const run = async () => {
      for await (const result of crawlSite({
        startUrls: [`${site.origin}/p/0`],
        signal: controller.signal,
        addressGuard: localGuard,
      })) {
        seen.push(result);
        if (seen.length === 3) controller.abort(new Error("stopped by the job"));
      }
    };
    await expect(run()).rejects.toThrow("stopped by the job");
    expect(site.pageRequests().length).toBeLessThanOrEqual(4);
  });

  it("stops its requests when the caller stops iterating", async () => {
    const routes: Record<string, Route> = {};
    for (let page = 0; page < 50; page++) routes[`/p/${page}`] = html(links(`/p/${page + 1}`));
    const site = await startSite(routes);
    for await (const result of crawlSite({ startUrls: [`${site.origin}/p/0`], addressGuard: localGuard })) {
      if (result.url.endsWith("/p/2")) break;
    }
    expect(site.pageRequests()).toHaveLength(3);
  });
});

describe("crawlSite's address guard (SSRF)", () => {
  it("never connects to a private address given as a URL, IPv4-mapped IPv6 included", async () => {
    const site = await startSite({ "/": html("<p>internal</p>") });
    const port = new URL(site.origin).port;
    const mapped = `http://[::ffff:127.0.0.1]:${port}/`;
    // The production rule: public addresses only.
    const results: CrawlResult[] = [];
    for await (const result of crawlSite({ startUrls: [`${site.origin}/`, mapped] })) results.push(result);

    expect(errorOf(results, `${site.origin}/`)).toBe(
      "127.0.0.1 points to a private or reserved network address; Harbor reads public websites only.",
    );
    expect(errorOf(results, `http://[::ffff:7f00:1]:${port}/`)).toBe(
      "::ffff:7f00:1 points to a private or reserved network address; Harbor reads public websites only.",
    );
    expect(site.requests).toEqual([]);
  });

  it("connects to the address it checked, even when DNS answers differently a moment later (rebinding)", async () => {
    // The internal service on 127.0.0.1, and the shop on 127.0.0.2, both on one port: only the
    // address a connection goes to tells them apart.
    const internal = await startSite({ "/": html("<p>internal</p>"), "/a": html("<p>internal a</p>") });
    const port = Number(new URL(internal.origin).port);
    const closeEach =
      (body: string, status = 200): Handler =>
      (_request, response) => {
        // A fresh connection, and so a fresh DNS lookup, for every request.
        response.writeHead(status, { "content-type": "text/html", connection: "close" }).end(body);
      };
    const shop = await startSite(
      {
        "/robots.txt": closeEach("", 404),
        "/": closeEach(html(links("/a", "/b"))),
        "/a": closeEach(html("<p>A</p>")),
        "/b": closeEach(html("<p>B</p>")),
      },
      { host: "127.0.0.2", port },
    );
    // The first two lookups (robots.txt, then the home page) see the shop; later ones see 127.0.0.1.
    const dns = await startDnsServer((_name, timesAskedBefore) => [timesAskedBefore < 2 ? "127.0.0.2" : "127.0.0.1"]);
    openServers.push(dns.close);
    // 127.0.0.2 stands for a public address here: the rule under test is which address is
    // connected to, not which addresses are public (public-address.test.ts has those).
    const guard = createAddressGuard({ resolveHost: dns.resolveHost, isAllowedAddress: (a) => a === "127.0.0.2" });
    const start = `http://shop.rebind.test:${port}/`;
    const results = await crawl({ startUrls: [start], addressGuard: guard, perHostConcurrency: 1 });

    expect(byUrl(results, start)).toMatchObject({ status: "ok" });
    expect(shop.requests).toEqual(["shop.rebind.test /robots.txt", "shop.rebind.test /"]);
    const refused =
      "shop.rebind.test points to a private or reserved network address; Harbor reads public websites only.";
    expect(errorOf(results, `http://shop.rebind.test:${port}/a`)).toBe(refused);
    expect(errorOf(results, `http://shop.rebind.test:${port}/b`)).toBe(refused);
    expect(dns.queries).toHaveLength(4);
    expect(internal.requests).toEqual([]);
  });

  it("keeps the site's name for TLS (SNI) while it connects to the checked address", async () => {
    const serverNames: string[] = [];
    // No certificate at all: the handshake only has to get as far as the client's hello.
    const server = createTlsServer({
      SNICallback: (name, callback) => {
        serverNames.push(name);
        callback(new Error("no certificate here"));
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    openServers.push(async () => {
      server.close();
      await once(server, "close");
    });
    const dns = await startDnsServer(() => ["127.0.0.1"]);
    openServers.push(dns.close);
    const guard = createAddressGuard({ resolveHost: dns.resolveHost, isAllowedAddress: (a) => a === "127.0.0.1" });
    const start = `https://secure.shop.test:${(server.address() as AddressInfo).port}/`;
    const results = await crawl({ startUrls: [start], addressGuard: guard });

    expect(serverNames).toContain("secure.shop.test");
    expect(errorOf(results, start)).toMatch(/^The site could not be reached/);
  });

  it("refuses a host whose lookup fails or finds nothing", async () => {
    const dns = await startDnsServer((name) => (name === "empty.shop.test" ? [] : null));
    openServers.push(dns.close);
    const guard = createAddressGuard({ resolveHost: dns.resolveHost });
    const results = await crawl({
      startUrls: ["https://missing.shop.test/", "https://empty.shop.test/"],
      addressGuard: guard,
    });
    expect(errorOf(results, "https://missing.shop.test/")).toBe(
      "missing.shop.test could not be found (no address for it in DNS). Check the web address.",
    );
    expect(errorOf(results, "https://empty.shop.test/")).toBe(
      "empty.shop.test could not be found (no address for it in DNS). Check the web address.",
    );
  });

  it("follows no link, redirect or robots.txt redirect to the same host on another port", async () => {
    const other = await startSite({ "/": html("<p>admin</p>"), "/robots.txt": "User-agent: *\nDisallow: /" });
    const otherPort = new URL(other.origin).port;
    const routes: Record<string, Route> = {
      "/robots.txt": redirect(`http://127.0.0.1:${otherPort}/robots.txt`),
      "/": html(links(`http://127.0.0.1:${otherPort}/`, `http://127.0.0.1:${otherPort}/admin`, "/leave", "/stay")),
      "/leave": redirect(`http://127.0.0.1:${otherPort}/`),
      "/stay": html("<p>stay</p>"),
    };
    const site = await startSite(routes);
    const results = await crawl({ startUrls: [`${site.origin}/`] });

    expect(okUrls(results)).toEqual([`${site.origin}/`, `${site.origin}/stay`]);
    expect(errorOf(results, `${site.origin}/leave`)).toBe(
      `The page redirects to another site (127.0.0.1:${otherPort}), which is not crawled.`,
    );
    expect(other.requests).toEqual([]);
  });
});
