// A person's account at a club (issue 62, decision 040): an admin's adjustments with a note,
// what the member reads, a take below zero refused with nothing written, entries that are never
// changed or removed, and the balance equal to its entries whatever runs at once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEndpoints as endpoints } from "../../../shared/contracts/ledger-endpoints.js";
import { seededRandom } from "../../../shared/rotation/prng.js";
import { organizations } from "../../db/schema/clubs.js";
import { ledgerBalances, ledgerEntries } from "../../db/schema/ledger.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { recordEntry } from "./service.js";

let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let mia: TestUser;
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@ledger.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@ledger.example", "Oren Organizer");
  mia = await makeUser(t, "mia@ledger.example", "Mia Member");
  outsider = await makeUser(t, "outsider@ledger.example", "Otto Outsider");
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      [mia, "member"],
    ])
  ).id;
  await makeClub(t, outsider);
});
afterAll(async () => {
  await t?.close();
});

const adjust = (body: { userId: string; amount: string; note: string }, who = owner) =>
  t.call(endpoints.adjust, { params: { orgId }, body }, { cookie: who.cookie });
const entriesOf = async (userId: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.userId, userId)));

describe("a member's account", () => {
  it("takes an admin's credit with its note, which the member reads, newest first", async () => {
    const added = await adjust({ userId: mia.id, amount: "20.00", note: "Rained out on May 3" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      balance: 2000,
      entries: [{ amount: 2000, reason: "adjustment", note: "Rained out on May 3" }],
    });
    const took = await adjust({ userId: mia.id, amount: "-5", note: "Ball bucket" });
    expect(took.status, JSON.stringify(took.body ?? took.error)).toBe(201);
    const mine = await t.call(endpoints.mine, { params: { orgId } }, { cookie: mia.cookie });
    expect(mine.body.balance).toBe(1500);
    expect(mine.body.entries.map((e) => [e.amount, e.note])).toEqual([
      [-500, "Ball bucket"],
      [2000, "Rained out on May 3"],
    ]);
    const read = await t.call(
      endpoints.member,
      { params: { orgId, userId: mia.id } },
      { cookie: owner.cookie },
    );
    expect(read.body).toEqual(mine.body);
  });

  it("refuses a take below zero, saying what there is, and writes nothing", async () => {
    const before = (await entriesOf(mia.id)).length;
    const refused = await adjust({ userId: mia.id, amount: "-15.01", note: "Too much" });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "That would take the credit below zero: it is $15.00. A correction can take at most that.",
    });
    expect((await entriesOf(mia.id)).length).toBe(before);
  });

  it("refuses what cannot be an adjustment, each on its field, and nobody outside the club", async () => {
    for (const amount of ["0", "0.00", "ten", "10.001", "10000.01", "--5"]) {
      const bad = await adjust({ userId: mia.id, amount, note: "x" });
      expect(bad.error?.issues, amount).toEqual([
        expect.objectContaining({
          message:
            "An adjustment is an amount in dollars and cents, more than $0 and at most $10,000, with - to take away",
        }),
      ]);
    }
    const noNote = await adjust({ userId: mia.id, amount: "1.00", note: "  " });
    expect(noNote.error?.issues).toEqual([
      expect.objectContaining({ message: "Say why, in 1 to 200 characters: the member reads it" }),
    ]);
    expect((await adjust({ userId: outsider.id, amount: "1.00", note: "Hi" })).status).toBe(404);
    expect(
      (await t.call(endpoints.member, { params: { orgId, userId: outsider.id } }, { cookie: owner.cookie }))
        .status,
    ).toBe(404);
    // Those who run sessions do not handle the club's money.
    expect((await adjust({ userId: mia.id, amount: "1.00", note: "Hi" }, organizer)).status).toBe(403);
  });

  it("keeps every entry as written: the database refuses to change or remove one", async () => {
    const change = t.db.execute(sql`update ledger_entries set amount = 100000 where user_id = ${mia.id}`);
    await expect(change).rejects.toThrow();
    const remove = t.db.execute(sql`delete from ledger_entries where user_id = ${mia.id}`);
    await expect(remove).rejects.toThrow();
    // A club deleted takes its accounts with it (the one way an entry goes).
    const gone = await makeClub(t, owner, [[mia, "member"]]);
    await t.db.transaction((tx) =>
      recordEntry(tx, { organizationId: gone.id, userId: mia.id, amount: 700, reason: "adjustment" }),
    );
    await t.db.delete(organizations).where(eq(organizations.id, gone.id));
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.organizationId, gone.id))).toBe(0);
  });

  it("never lets spends at once take more than there is: the balance is its entries, never below zero", async () => {
    const ben = await makeUser(t, "ben@ledger.example", "Ben Brooks");
    await t.db.transaction((tx) =>
      recordEntry(tx, { organizationId: orgId, userId: ben.id, amount: 5000, reason: "adjustment" }),
    );
    // Twenty spends of $5 at once against $50: ten go through, ten are refused.
    const spends = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.db.transaction((tx) =>
          recordEntry(tx, { organizationId: orgId, userId: ben.id, amount: -500, reason: "session" }),
        ),
      ),
    );
    expect(spends.filter((s) => s.status === "fulfilled")).toHaveLength(10);
    for (const refused of spends.filter((s) => s.status === "rejected"))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_BALANCE" });

    // Seeded interleavings of credits and spends, some at once: after each round every balance
    // is the sum of its entries and none is below zero.
    const next = seededRandom(7);
    for (let round = 0; round < 15; round++) {
      await Promise.allSettled(
        Array.from({ length: 6 }, () => {
          const amount = Math.round((next() - 0.6) * 3000) || 100;
          return t.db.transaction((tx) =>
            recordEntry(tx, { organizationId: orgId, userId: ben.id, amount, reason: "adjustment" }),
          );
        }),
      );
      const [sum] = await t.db
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.organizationId, orgId), eq(ledgerEntries.userId, ben.id)));
      const [held] = await t.db
        .select({ balance: ledgerBalances.balance })
        .from(ledgerBalances)
        .where(and(eq(ledgerBalances.organizationId, orgId), eq(ledgerBalances.userId, ben.id)));
      expect(held!.balance).toBe(sum!.total);
      expect(held!.balance).toBeGreaterThanOrEqual(0);
    }
  });
});
