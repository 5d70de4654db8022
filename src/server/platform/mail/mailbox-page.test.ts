// The mailbox page shows every mailed link, so it answers only a browser on this machine
// talking to the app directly: not one behind a proxy on the same machine, nor a DNS name
// rebound to loopback.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { registerMailboxPage } from "./mailbox-page.js";

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
