// Nothing secret in any log line, by construction: with a real session, a reset link and an
// authenticator's secret in play, the database stalls under the very statements that carry
// them (better-auth's errors then quote their SQL and its parameters, nested in `body` and
// `cause`), and the whole log is searched for each secret.
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests } from "../../test/account-requests.js";
import { makeUser, PASSWORD, type TestUser } from "../../test/factories.js";
import { cookiesFrom, createTestApp, type TestApp } from "../../test/harness.js";
import { firstLink } from "../../test/smtp-peer.js";
import { secretOf, totpCode } from "../../test/totp.js";
import { sessionCache } from "../auth/current-user.js";
import { createLogger } from "./logger.js";

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let person: TestUser;
const { post, enrolTotp } = accountRequests(() => t);

beforeAll(async () => {
  t = await createTestApp({ log: createLogger("trace", capture) });
  person = await makeUser(t, "sage@secrets.example", "Sage Secret");
});
afterAll(() => t?.close());

/** Holds every table better-auth reads and writes until released, so its statements time out. */
async function stallAuthTables(whileStalled: () => Promise<void>) {
  let release!: () => void;
  let locked!: () => void;
  // A connection of its own to this file's database, outside the app's pool.
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const client = new pg.Client({ connectionString: t.deps.database.url });
  client.on("error", () => {});
  await client.connect();
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holding = (async () => {
    await client.query("begin");
    await client.query(
      "lock table users, auth_sessions, auth_accounts, auth_verifications, auth_two_factors in access exclusive mode",
    );
    locked();
    await done;
    await client.query("rollback");
    await client.end();
  })();
  await isLocked;
  try {
    await whileStalled();
  } finally {
    release();
    await holding;
  }
}

describe("the log while the database stalls", () => {
  it("holds no session token, reset token, password or authenticator secret", async () => {
    const { totpURI } = await enrolTotp(person);
    const base32Secret = new URL(totpURI).searchParams.get("secret")!;
    const sessionToken = decodeURIComponent(person.cookie.match(/session_token=([^;]+)/)![1]!);

    const asked = await post("/api/auth/request-password-reset", {
      email: person.email,
      redirectTo: "/auth",
    });
    expect(asked.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(person.email, /Reset your Courtside password/);
    const link = new URL(firstLink(mail));
    const resetToken = link.pathname.split("/").at(-1)!;
    expect(resetToken.length).toBeGreaterThan(10);

    // A second sign-in stops at the code: its pending cookie is in play too.
    const pending = cookiesFrom(
      await post("/api/auth/sign-in/email", { email: person.email, password: PASSWORD }),
    );

    await stallAuthTables(async () => {
      sessionCache(t.deps.auth).clear();
      const answers = await Promise.all([
        t.request({ method: "GET", url: "/api/me", cookie: person.cookie }),
        t.request({ method: "GET", url: `${link.pathname}${link.search}` }),
        post("/api/auth/reset-password", { token: resetToken, newPassword: "a-new-password-9" }),
        post("/api/auth/two-factor/verify-totp", { code: totpCode(secretOf(totpURI)) }, pending),
        post("/api/auth/sign-out", {}, person.cookie),
      ]);
      // Each waited for the stall and was refused as a passing outage, not a crash.
      // (Signing out clears the cookie even when the database cannot forget the session: 200.)
      for (const answer of answers) expect([200, 302, 401, 503], answer.body).toContain(answer.statusCode);
      expect(answers.filter((a) => a.statusCode === 503).length).toBeGreaterThanOrEqual(3);
    });

    const log = lines.join("");
    // The stall did put errors in the log: the search below searches something.
    expect(log).toMatch(/database unavailable|canceling statement|statement timeout/);
    const secrets = {
      sessionToken,
      sessionTokenValue: sessionToken.split(".")[0]!,
      resetToken,
      base32Secret,
      password: PASSWORD,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `${name} in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} (encoded) in the log`).toBe(false);
    }
  }, 60_000);
});
