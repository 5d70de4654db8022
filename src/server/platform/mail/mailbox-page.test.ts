// The mailbox page shows every mailed link, so it answers only a browser on this machine
// talking to the app directly: not one behind a proxy on the same machine, nor a DNS name
// rebound to loopback.
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { type AddressObject, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../../db/schema/mail.js";
import { unsubscribeFor } from "../../features/notifications/unsubscribe.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { createLogger } from "../logging/logger.js";
import { registerMailboxPage } from "./mailbox-page.js";
import { createMailboxMailer, keepInMailbox } from "./mailer.js";

let t: TestApp;
const page = Fastify();
beforeAll(async () => {
  t = await createTestApp();
  registerMailboxPage(page, t.db);
  await page.ready();
});
afterAll(async () => {
  await page.close();
  await t?.close();
});

const open = (remoteAddress: string, headers: Record<string, string>) =>
  page.inject({ method: "GET", url: "/dev/mailbox", remoteAddress, headers });

describe("/dev/mailbox", () => {
  it("answers a browser on this machine", async () => {
    expect((await open("127.0.0.1", { host: "localhost:3000" })).statusCode).toBe(200);
    expect((await open("::1", { host: "127.0.0.1:3000" })).statusCode).toBe(200);
  });

  it("answers 404 through a proxy, from another machine, or under another name", async () => {
    expect(
      (await open("127.0.0.1", { host: "localhost:3000", "x-forwarded-for": "203.0.113.9" })).statusCode,
    ).toBe(404);
    expect(
      (await open("127.0.0.1", { host: "localhost:3000", forwarded: "for=203.0.113.9" })).statusCode,
    ).toBe(404);
    expect((await open("192.0.2.10", { host: "localhost:3000" })).statusCode).toBe(404);
    expect((await open("127.0.0.1", { host: "club.example.com" })).statusCode).toBe(404);
  });
});

describe("a message's raw source", () => {
  const from = "Courtside Club Desk <desk@courtside.example>";
  const keptId = async (to: string) => {
    const [kept] = await t.db
      .select({ id: mailboxMessages.id })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.to, to));
    return kept!.id;
  };
  const fetchRaw = (id: number, remoteAddress = "127.0.0.1") =>
    page.inject({
      method: "GET",
      url: `/dev/mailbox?source=${id}`,
      remoteAddress,
      headers: { host: "localhost:3000" },
    });

  it("lists the mail to one address however far back it is, in any case of the address", async () => {
    const mailer = createMailboxMailer(t.db, createLogger("silent"), from, undefined);
    await mailer.send({
      to: "early.bird@example.com",
      subject: "Confirm your Courtside account",
      text: "x",
      html: "x",
    });
    // A busy install's hundred newer mails (a demo club mails its players) push it off the page.
    for (let i = 0; i < 101; i++)
      await mailer.send({ to: `player${i}@example.com`, subject: "You're up next", text: "x", html: "x" });
    const all = await open("127.0.0.1", { host: "localhost:3000" });
    expect(all.body).not.toContain("early.bird@example.com");
    const mine = await page.inject({
      method: "GET",
      url: "/dev/mailbox?to=Early.Bird%40example.com",
      remoteAddress: "127.0.0.1",
      headers: { host: "localhost:3000" },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain("to early.bird@example.com");
    expect(mine.body).toContain("Confirm your Courtside account");
    expect(mine.body).not.toContain("player0@example.com");
  });

  it("is kept as nodemailer would send it: the page shows its headers and serves it as message/rfc822", async () => {
    const mailer = createMailboxMailer(t.db, createLogger("silent"), from, undefined);
    // A notification's headers, as the app sets them (RFC 8058).
    const { headers } = unsubscribeFor(t.deps, "5d1f3a34-9a43-4a4e-9b0c-3f7d1d0c2e11", "sessionReminders");
    const sent = {
      to: "rae.raw@example.com",
      subject: "Tonight at Côte Courts: you're on court 3",
      text: "See you there.",
      html: "<p>See you there.</p>",
      headers,
    };
    await mailer.send(sent);
    const id = await keptId(sent.to);

    const listing = await open("127.0.0.1", { host: "localhost:3000" });
    expect(listing.body).toContain(`href="/dev/mailbox?source=${id}"`);
    expect(listing.body).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    const raw = await fetchRaw(id);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toBe("message/rfc822");
    expect(raw.headers["content-disposition"]).toBe(`attachment; filename="courtside-mail-${id}.eml"`);
    const parsed = await simpleParser(raw.rawPayload);
    expect(parsed.from?.value).toEqual([{ name: "Courtside Club Desk", address: "desk@courtside.example" }]);
    expect((parsed.to as AddressObject).value).toEqual([{ name: "", address: sent.to }]);
    expect(parsed.subject).toBe(sent.subject);
    const list = parsed.headers.get("list") as unknown as Record<string, { url?: string }>;
    expect(`<${list.unsubscribe?.url}>`).toBe(headers["List-Unsubscribe"]);
    const post = parsed.headerLines.find((line) => line.key === "list-unsubscribe-post");
    expect(post?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(parsed.text?.trim()).toBe(sent.text);
  });

  it("is served only to this machine, and a text (no mail source) has none", async () => {
    const mailer = createMailboxMailer(t.db, createLogger("silent"), from, undefined);
    await mailer.send({ to: "far.away@example.com", subject: "Hello", text: "Hi.", html: "<p>Hi.</p>" });
    expect((await fetchRaw(await keptId("far.away@example.com"), "192.0.2.10")).statusCode).toBe(404);
    await keepInMailbox(t.db, {
      to: "sms:+15550100",
      subject: "Text message",
      text: "123456",
      html: "<p>123456</p>",
    });
    expect((await fetchRaw(await keptId("sms:+15550100"))).statusCode).toBe(404);
  });
});
