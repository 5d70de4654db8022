// The HTML the server sends names the page: link previews and crawlers run no scripts, so a
// club's page carries the club's name, description and logo in its own tags, escaped.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebClient } from "./web-client.js";

const app = Fastify();
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "courtside-meta-"));
  writeFileSync(
    path.join(root, "index.html"),
    '<!doctype html><html><head>\n<meta name="description" content="Courtside runs your club." />\n<title>Courtside</title>\n</head><body></body></html>',
  );
  writeFileSync(
    path.join(root, "landing.html"),
    '<!doctype html><html><head>\n<meta name="description" content="Courtside runs your club." />\n<title>Courtside</title>\n</head><body><div id="root">Open play that runs itself.</div><script src="/landing.js" defer></script></body></html>',
  );
  await registerWebClient(app, root, {
    appUrl: "https://courtside.example",
    clubPreview: async (slug) =>
      slug === "riverside"
        ? {
            name: 'Riverside <script>alert("x")</script>',
            location: "Portland, OR",
            description: null,
            logoUrl: "https://img.example/logo.png",
          }
        : slug === "dollars"
          ? { name: "Club $' $& $$", location: null, description: "Pay $5 at the door $`", logoUrl: null }
          : slug === "broken"
            ? Promise.reject(new Error("database away"))
            : null,
  });
});
afterAll(() => app.close());

const head = async (url: string) => {
  const response = await app.inject({ url });
  return { status: response.statusCode, html: response.body };
};

describe("page titles and previews", () => {
  it("name each public page", async () => {
    const pricing = await head("/pricing");
    expect(pricing.html).toContain("<title>Pricing · Courtside</title>");
    expect(pricing.html).toContain('<meta property="og:title" content="Pricing · Courtside" />');
    expect(pricing.html).toContain('<meta property="og:url" content="https://courtside.example/pricing" />');
    expect(pricing.html).toMatch(/<meta name="description" content="Basic and Pro plans/);
    expect(pricing.html.match(/<title>/g)).toHaveLength(1);
  });

  it("name the club on its page, escaped, with its logo", async () => {
    const club = await head("/club/riverside");
    expect(club.status).toBe(200);
    expect(club.html).not.toContain("<script>");
    expect(club.html).toContain(
      "<title>Riverside &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · Courtside</title>",
    );
    expect(club.html).toContain("a pickleball club in Portland, OR");
    expect(club.html).toContain('<meta property="og:image" content="https://img.example/logo.png" />');
  });

  it("keep dollar signs in a club's text as they are (no replacement patterns)", async () => {
    const club = await head("/club/Dollars");
    expect(club.html).toContain("<title>Club $&#39; $&amp; $$ · Courtside</title>");
    expect(club.html).toContain('<meta name="description" content="Pay $5 at the door $`" />');
    expect(club.html.match(/<title>/g)).toHaveLength(1);
    expect(club.html.match(/<\/head>/g)).toHaveLength(1);
  });

  it("fall back to the site's own for an unknown club or when the database is away", async () => {
    for (const url of ["/club/nobody", "/club/broken"]) {
      const page = await head(url);
      expect(page.status, page.html).toBe(200);
      expect(page.html).toContain("<title>Courtside · Pickleball club management</title>");
    }
  });
});

describe("the landing page", () => {
  it("a visitor gets the prerendered page, with its title and tags; someone with a session cookie gets the app", async () => {
    const visitor = await app.inject({ url: "/" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain("Open play that runs itself.");
    expect(visitor.body).toContain('<meta property="og:url" content="https://courtside.example/" />');
    expect(visitor.headers.vary).toContain("cookie");
    const member = await app.inject({ url: "/", headers: { cookie: "better-auth.session_token=abc.def" } });
    expect(member.statusCode).toBe(200);
    expect(member.body).not.toContain("Open play that runs itself.");
    expect(member.body).toContain("<title>");
    // Other pages are the app for everyone.
    expect((await app.inject({ url: "/pricing" })).body).not.toContain("landing.js");
  });
});
