// A client's mistake is answered as one and never logged as an error: error lines page
// whoever is on call, so they are kept for faults of ours. Each input below once wrote an
// error line (or could): a NUL character PostgreSQL refuses, a WebSocket frame over the size
// limit, better-auth's notes on a request it refuses. The whole log is then read at trace level.
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { APP_URL, createTestApp, type TestApp } from "../../test/harness.js";
import { createLogger } from "./logger.js";

type Line = { level: number; msg?: string };
const lines: Line[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
    done();
  },
});
const PINO_ERROR = 50;

let t: TestApp;
let member: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ log: createLogger("trace", capture) });
  const owner = await makeUser(t, "olga@mistakes.example", "Olga Owner");
  member = await makeUser(t, "milo@mistakes.example", "Milo Member");
  orgId = (await makeClub(t, owner, [[member, "member"]])).id;
});
afterAll(() => t?.close());
// Each case reads only what was logged while it ran.
beforeEach(() => {
  lines.length = 0;
});

const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });
const errorLines = () => lines.filter((line) => line.level >= PINO_ERROR);

describe("a client's mistake", () => {
  it("a NUL character in a sign-up name is a 400 in our envelope", async () => {
    const answer = await post("/api/auth/sign-up/email", {
      name: "Nul\u0000Byte",
      email: "nul@mistakes.example",
      password: "a fine password",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: "VALIDATION_ERROR", issues: [{ path: ["name"] }] });
    expect(errorLines()).toEqual([]);
  });

  it("a NUL character PostgreSQL refuses deeper in is a 400 too", async () => {
    const reset = await post("/api/auth/reset-password", {
      token: "abc\u0000def",
      newPassword: "a new password",
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toMatch(/BAD_REQUEST|VALIDATION_ERROR/);
    const garbled = await t.request({
      method: "GET",
      url: "/api/me",
      headers: { cookie: "better-auth.session_token=abc%00def.sig" },
    });
    expect(garbled.statusCode).toBe(401);
    expect(errorLines()).toEqual([]);
  });

  it("a callback it does not trust is refused by our schema, and another site's page by better-auth with a warning", async () => {
    // A control character in the return path: our schema names the field (before, better-auth
    // answered a bare 403).
    const callback = await post("/api/auth/sign-up/email", {
      name: "Cal Back",
      email: "callback@mistakes.example",
      password: "a fine password",
      callbackURL: "/welcome\u0000back",
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().error.issues[0].path).toContain("callbackURL");
    // No Origin (a program, for our own check), but a Referer naming another site.
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      payload: {},
      headers: { cookie: member.cookie, referer: "https://evil.example/" },
    });
    expect(answer.statusCode).toBe(403);
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toEqual(expect.arrayContaining([expect.stringMatching(/Invalid origin/)]));
    expect(errorLines()).toEqual([]);
  });

  it("a WebSocket frame over the size limit closes the board socket with 1009", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/orgs/${orgId}/board/ws`, {
      headers: { cookie: member.cookie, origin: APP_URL },
    });
    socket.on("error", () => {});
    await new Promise((resolve, reject) => {
      socket.once("message", resolve);
      socket.once("close", reject);
    });
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    socket.send("x".repeat(64 * 1024));
    expect(await closed).toBe(1009);
    expect(errorLines()).toEqual([]);
  });
});
