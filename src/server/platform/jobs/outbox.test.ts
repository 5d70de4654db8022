// A use case's emails are written by its own transaction: when the process dies the moment the
// change commits, the email is already queued and the next process sends it; when the change
// rolls back, no email is left behind.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/clubs.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { SEND_EMAIL, startJobs } from "./jobs.js";
import { emailEffect, withEffects } from "./outbox.js";

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@outbox.example", "Olive Owner");
});
afterAll(() => t.close());

const queuedMailTo = async (address: string) =>
  (
    await t.db.execute(
      sql`select state from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${address}`,
    )
  ).rows.map((r) => r.state);

describe("the outbox", () => {
  it("a crash right after the commit loses no email: the next process sends it", async () => {
    const club = await makeClub(t, owner);
    const [row] = await t.db
      .select({ slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, club.id));
    const slug = row!.slug;
    const hopeful = await makeUser(t, "hopeful@outbox.example", "Hope Hopeful");
    const asked = await t.request({
      method: "POST",
      url: `/api/public/clubs/${slug}/join-requests`,
      cookie: hopeful.cookie,
      payload: {},
    });
    expect(asked.statusCode).toBe(201);
    const [request] = (
      await t.request({ method: "GET", url: `/api/orgs/${club.id}/join-requests`, cookie: owner.cookie })
    ).json().requests;

    // This process stops sending (as if it died) before the owner approves: nothing it holds in
    // memory after the commit can deliver the email.
    await t.deps.jobs.stop();
    const approved = await t.request({
      method: "POST",
      url: `/api/orgs/${club.id}/join-requests/${request.id}/approve`,
      cookie: owner.cookie,
    });
    expect(approved.statusCode).toBe(204);
    expect(await queuedMailTo("hopeful@outbox.example")).toEqual(["created"]);

    // The next process, on the same database, finds it and sends it.
    const next = await startJobs(t.deps.database.url, t.deps.mailer, t.app.log);
    try {
      const mail = await t.smtp.waitForMail("hopeful@outbox.example", /Welcome to|Your request to join/);
      expect(mail.text).toContain(club.name);
    } finally {
      await next.stop();
    }
  }, 60_000);

  it("a change that rolls back leaves no email behind", async () => {
    const failed = withEffects(t.deps, async (_tx, effects) => {
      effects.push(
        emailEffect({ to: "never@outbox.example", subject: "Never", text: "Never", html: "<p>Never</p>" }),
      );
      throw new Error("the use case refused after deciding to write");
    });
    await expect(failed).rejects.toThrow("refused");
    expect(await queuedMailTo("never@outbox.example")).toEqual([]);

    const { effects } = await withEffects(t.deps, async (_tx, queue) => {
      queue.push(
        emailEffect({ to: "kept@outbox.example", subject: "Kept", text: "Kept", html: "<p>Kept</p>" }),
      );
    });
    expect(effects).toHaveLength(1);
    expect(await queuedMailTo("kept@outbox.example")).toHaveLength(1);
  });
});
