// The caps on what the app can be made to send (sending-caps.ts): per account at the request,
// per recipient at the send, and an hourly budget for everyone that pages the operator.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { clubInput, createTestApp, type TestApp } from "../../test/harness.js";
import { AppError } from "../errors/app-error.js";
import { createLogger } from "../logging/logger.js";
import type { SmsSender } from "../sms/sms.js";
import type { Mailer, MailMessage } from "./mailer.js";
import { cappedMailer, cappedSms, SENDING_CAPS } from "./sending-caps.js";

let t: TestApp;
const logLines: Array<{ level: number; msg: string }> = [];
const log = createLogger(
  "info",
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A mailer that keeps what it is asked to send. */
function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: "mailbox", sent, send: async (message) => void sent.push(message) };
}

const mail = (to: string, subject = "Up next on Court 2"): MailMessage => ({
  to,
  subject,
  text: "t",
  html: "h",
});

describe("mail at the send", () => {
  it("sends one address a day's worth of mail of every kind, and no more, without logging the address", async () => {
    const inner = keepingMailer();
    const mailer = cappedMailer(inner, t.db, log, { hourlyBudget: 10_000, perAddressPerDay: 40 });
    for (let i = 0; i < 40 + 3; i++)
      await mailer.send(mail(i % 2 ? "Flooded@Example.test" : "flooded@example.test", `Kind ${i}`));
    expect(inner.sent).toHaveLength(40);
    const held = logLines.filter((line) => line.msg.startsWith("not sent:"));
    expect(held).toHaveLength(3);
    expect(held.every((line) => !/flooded@/i.test(line.msg) && /f•••@example\.test/i.test(line.msg))).toBe(
      true,
    );
    // Someone else's mail still goes.
    await mailer.send(mail("other@example.test"));
    expect(inner.sent.at(-1)?.to).toBe("other@example.test");
  });

  it("pages the operator once at 80% of the hourly budget, and past it leaves the mail to its job's retries", async () => {
    await t.db.execute(`delete from rate_limits where key = 'budget:mail'` as never);
    const inner = keepingMailer();
    const mailer = cappedMailer(inner, t.db, log, { hourlyBudget: 5, perAddressPerDay: 100 });
    for (let i = 0; i < 5; i++) await mailer.send(mail(`budget${i}@example.test`));
    await expect(mailer.send(mail("late@example.test"))).rejects.toThrow(/hourly mail budget is spent/);
    expect(inner.sent).toHaveLength(5);
    const pages = logLines.filter((line) => line.level >= 50 && line.msg.startsWith("mail budget:"));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.msg).toContain("4 of 5 this hour");
  });
});

describe("texts at the send", () => {
  const keptTexts: string[] = [];
  const inner: SmsSender = { kind: "mailbox", send: async (to) => void keptTexts.push(to) };

  it("refuses a number's texts past the day's cap, saying when to try again", async () => {
    const sms = cappedSms(inner, t.db, log, 1000);
    for (let i = 0; i < SENDING_CAPS.textsToNumberPerDay; i++) await sms.send("+15555550100", "code");
    const refusal = await sms.send("+15555550100", "code").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(429);
    expect((refusal as AppError).message).toMatch(
      /^This number has been sent as many texts .* Please wait 24 hours/,
    );
    expect(Number((refusal as AppError).headers?.["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(keptTexts).toHaveLength(SENDING_CAPS.textsToNumberPerDay);
  });

  it("refuses everyone's texts past the hourly budget", async () => {
    await t.db.execute(`delete from rate_limits where key = 'budget:texts'` as never);
    const sms = cappedSms(inner, t.db, log, 2);
    await sms.send("+15555550101", "code");
    await sms.send("+15555550102", "code");
    await expect(sms.send("+15555550103", "code")).rejects.toThrow(/Courtside is sending a lot right now/);
  });
});

describe("per account, at the request", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t, "starter@caps.example");
  });

  it("lets one account start a few clubs a day, then says when it may start another", async () => {
    // The default CLUBS_PER_ACCOUNT_PER_DAY.
    for (let i = 0; i < 5; i++) {
      const made = await t.request({
        method: "POST",
        url: "/api/orgs",
        cookie: owner.cookie,
        payload: clubInput(`Caps Club ${i}`),
      });
      expect(made.statusCode).toBe(201);
    }
    const refused = await t.request({
      method: "POST",
      url: "/api/orgs",
      cookie: owner.cookie,
      payload: clubInput("One Too Many"),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      "One account can start only a few clubs a day. Please wait 24 hours and try again.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
  });

  it("invites one address a few times a day across every club, and an account's invitations are capped across its clubs", async () => {
    const inviter = await makeUser(t, "inviter@caps.example");
    const clubs = await Promise.all(
      [0, 1, 2, 3].map((i) => makeClub(t, inviter, [], { name: `Inviting ${i}` })),
    );
    const invite = (orgId: string, email: string) =>
      t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/invitations`,
        cookie: inviter.cookie,
        payload: { email },
      });

    for (let i = 0; i < SENDING_CAPS.invitationsToAddressPerDay; i++)
      expect((await invite(clubs[i]!.id, "wanted@caps.example")).statusCode).toBe(201);
    const again = await invite(clubs[3]!.id, "Wanted@Caps.example");
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(
      /^This address has been invited as often as it may be in a day/,
    );

    // Each club may send 50 an hour; the account as a whole, across its clubs, 100 less those above.
    // The account's attempts so far, the refused one included: every attempt counts.
    let attempt = SENDING_CAPS.invitationsToAddressPerDay + 1;
    let refusedAt: number | undefined;
    for (let i = 0; refusedAt === undefined && i < 150; i++) {
      attempt++;
      const response = await invite(clubs[i % 4]!.id, `guest${i}@caps.example`);
      if (response.statusCode === 429) {
        expect(response.json().error.message).toMatch(
          /^You have sent as many invitations as one account may in an hour/,
        );
        refusedAt = attempt;
      } else expect(response.statusCode).toBe(201);
    }
    expect(refusedAt).toBe(SENDING_CAPS.invitationsPerAccountPerHour + 1);
  });
});
