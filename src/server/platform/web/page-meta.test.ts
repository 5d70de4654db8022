// The HTML the server sends names the page: link previews and crawlers run no scripts, so a
// club's page carries the club's name, description and logo in its own tags, escaped.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVisitorPages } from "./visitor-pages.js";
import { registerWebClient } from "./web-client.js";

const app = Fastify();
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "courtside-meta-"));
  const web = path.join(root, "web");
  mkdirSync(web);
  writeFileSync(
    path.join(web, "index.html"),
    '<!doctype html><html><head>\n<meta name="description" content="Courtside runs your club." />\n<title>Courtside</title>\n</head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  // What scripts/build-visitor-pages.mjs writes beside the web root, with a stand-in renderer.
  const ssr = path.join(root, "ssr");
  mkdirSync(ssr);
  writeFileSync(
    path.join(ssr, "shell.html"),
    '<!doctype html><html><head>\n<meta name="description" content="Courtside runs your club." />\n<title>Courtside</title>\n</head><body><div id="root"></div><script src="/menu.js" defer></script></body></html>',
  );
  writeFileSync(
    path.join(ssr, "visitor-pages.js"),
    "export const renderLanding = () => '<h1>Open play that runs itself.</h1>';\n" +
      "export const renderClubPage = (page) => '<h1>' + page.club.name + '</h1><p>' + page.upcomingSessions.length + ' sessions</p>';\n",
  );
  const openCourt = {
    club: {
      id: "c1",
      name: "Open Court",
      slug: "open-court",
      logoUrl: null,
      location: "Austin, TX",
      description: null,
    },
    upcomingSessions: [],
    plans: [],
    memberCount: null,
    viewer: "anonymous" as const,
  };
  await registerWebClient(app, web, {
    appUrl: "https://courtside.example",
    visitorPages: await loadVisitorPages(web, async (slug) => (slug === "open-court" ? openCourt : null)),
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

describe("pages a visitor gets without the app", () => {
  it("the landing page: a visitor gets its HTML, with its title and tags; someone with a session cookie gets the app", async () => {
    const visitor = await app.inject({ url: "/" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<div id="root"><h1>Open play that runs itself.</h1></div>');
    expect(visitor.body).toContain('<script src="/menu.js" defer>');
    expect(visitor.body).not.toContain('type="module"');
    expect(visitor.body).toContain('<meta property="og:url" content="https://courtside.example/" />');
    expect(visitor.headers.vary).toContain("cookie");
    const member = await app.inject({ url: "/", headers: { cookie: "better-auth.session_token=abc.def" } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('type="module"');
    expect(member.body).not.toContain("Open play that runs itself.");
  });

  it("a club's page: rendered with its data and named in its tags for a visitor; the app for a member", async () => {
    const visitor = await app.inject({ url: "/club/Open-Court" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain("<h1>Open Court</h1><p>0 sessions</p>");
    expect(visitor.body).toContain("<title>Open Court · Courtside</title>");
    expect(visitor.body).not.toContain('type="module"');
    const member = await app.inject({
      url: "/club/open-court",
      headers: { cookie: "better-auth.session_token=abc.def" },
    });
    expect(member.body).toContain('type="module"');
    expect(member.body).not.toContain("<h1>Open Court</h1>");
    // A club that does not exist, and every other page, is the app (which says what is wrong).
    expect((await app.inject({ url: "/club/nowhere" })).body).toContain('type="module"');
    expect((await app.inject({ url: "/pricing" })).body).toContain('type="module"');
  });
});
