// Many actions on one board at once (board-transaction.ts): the ones that arrive while the
// board's transaction runs go together in the next, each applied or refused on its own.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import type { Tx } from "../../db/database.js";
import { boards, games, queuePlayers } from "../../db/schema/courts.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { BoardNotice } from "../../platform/realtime/hub.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { statementsSent } from "../../test/statements-sent.js";
import { playerAction } from "./actions.js";
import { act } from "./board-transaction.js";

let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@bursts.example");
  orgId = (await makeClub(t, owner, [], { courtsCount: 3 })).id;
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const nextSeq = async (sessionId: string) =>
  (await t.db.select({ nextSeq: boards.nextSeq }).from(boards).where(eq(boards.sessionId, sessionId)))[0]!
    .nextSeq;
const fillCourts = () =>
  t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: owner.cookie });
const skip = (registrationId: string) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/board/players/${registrationId}`,
    cookie: owner.cookie,
    payload: { action: "skip" },
  });

describe("a burst of actions on one board", () => {
  it("lets one of two organizers scoring the same game at once win, and tells the other it left the court", async () => {
    await activeSessionWith(t, orgId, 12, [], "Two Scorers");
    expect((await fillCourts()).statusCode).toBe(200);
    const game = (await board()).courts.find((c) => c.game)!.game!;
    const score = (winner: "A" | "B") =>
      t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/board/games/${game.id}/score`,
        cookie: owner.cookie,
        payload: { winner },
      });
    const answers = await Promise.all([score("A"), score("B")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const refused = answers.find((a) => a.statusCode === 404)!;
    expect(refused.json().error.message).toBe("That game is not on court any more.");
    // One result stands: the winner's side as the one that counted said.
    const [row] = await t.db.select().from(games).where(eq(games.id, game.id));
    const counted = answers.findIndex((a) => a.statusCode === 200);
    expect(row).toMatchObject({ status: "finished", winner: counted === 0 ? "A" : "B" });
  });

  it("applies each one, refuses the one that cannot be, and takes fewer transactions than actions", async () => {
    const session = await activeSessionWith(t, orgId, 30, [], "Busy Night");
    expect((await fillCourts()).statusCode).toBe(200);
    const before = await board();
    expect(before.queue).toHaveLength(18);
    const skipped = before.queue.slice(0, 12).map((q) => q.registrationId);
    const playing = before.courts[0]!.game!.teamA[0]!.registrationId;

    const answers = await Promise.all([...skipped.map(skip), skip(playing)]);
    expect(answers.slice(0, 12).map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers[12]!.statusCode).toBe(409);
    expect(answers[12]!.json().error.code).toBe("ON_COURT");
    // Asked in capitals, it is the same player, and still on court.
    const capitals = await skip(playing.toUpperCase());
    expect(capitals.statusCode).toBe(409);
    expect(capitals.json().error.code).toBe("ON_COURT");

    // Every skip went to the back of the line: behind everyone still waiting who was not skipped.
    const ofSession = and(eq(queuePlayers.organizationId, orgId), eq(queuePlayers.sessionId, session.id));
    const waitingIds = before.queue.map((q) => q.registrationId);
    const stayed = await t.db
      .select({ seq: queuePlayers.readySeq })
      .from(queuePlayers)
      .where(
        and(
          ofSession,
          inArray(queuePlayers.registrationId, waitingIds),
          notInArray(queuePlayers.registrationId, skipped),
        ),
      );
    const moved = await t.db
      .select({ seq: queuePlayers.readySeq })
      .from(queuePlayers)
      .where(and(ofSession, inArray(queuePlayers.registrationId, skipped)));
    expect(stayed).toHaveLength(6);
    expect(Math.min(...moved.map((p) => p.seq))).toBeGreaterThan(Math.max(...stayed.map((p) => p.seq)));
    // Each skip took a place of its own at the back, the last of them the line's last number.
    expect(new Set(moved.map((p) => p.seq)).size).toBe(12);
    const [line] = await t.db
      .select({ nextSeq: boards.nextSeq })
      .from(boards)
      .where(eq(boards.sessionId, session.id));
    expect(Math.max(...moved.map((p) => p.seq))).toBe(line!.nextSeq - 1);
    // The refused action left its player on court.
    const onCourt = await t.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.organizationId, orgId), eq(games.sessionId, session.id), eq(games.status, "playing")),
      );
    expect(onCourt).toHaveLength(3);

    // The twelve came in a few transactions, each one version, not one each.
    const after = await board();
    expect(after.version - before.version).toBeGreaterThan(0);
    expect(after.version - before.version).toBeLessThan(12);
    const versions = new Set(answers.slice(0, 12).map((a) => a.json().version));
    expect(versions.size).toBe(after.version - before.version);
  });

  it("skips taken together share one statement, and one asked twice ends where its last turn puts it", async () => {
    const session = await activeSessionWith(t, orgId, 30, [], "Skip Night");
    // The courts filled first: every skip below is of someone waiting.
    expect((await fillCourts()).statusCode).toBe(200);
    const [x, y, ...others] = (await board()).queue.map((q) => q.registrationId) as [
      string,
      string,
      ...string[],
    ];
    const lineBefore = await nextSeq(session.id);
    // In this order: the first runs alone, the rest (x twice) arrive while it does and go together.
    const asked = [others[0]!, x, ...others.slice(1, 6), y, x];
    const sent = await statementsSent(/with ordinality/, () =>
      Promise.all(asked.map((id) => playerAction(t.deps, orgId, id, "skip"))),
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(3);
    const seqs = await t.db
      .select({ id: queuePlayers.registrationId, seq: queuePlayers.readySeq })
      .from(queuePlayers)
      .where(and(eq(queuePlayers.organizationId, orgId), eq(queuePlayers.sessionId, session.id)));
    const seqOf = new Map(seqs.map((p) => [p.id, p.seq]));
    const line = await nextSeq(session.id);
    // As if taken one at a time: x's second skip put it last, behind y; nine numbers were taken.
    expect(line - lineBefore).toBe(9);
    expect(seqOf.get(x)).toBe(line - 1);
    expect(seqOf.get(y)).toBe(line - 2);
    const untouched = others.slice(6).map((id) => seqOf.get(id)!);
    const skippedOnce = others.slice(0, 6).map((id) => seqOf.get(id)!);
    expect(Math.min(...skippedOnce)).toBeGreaterThan(Math.max(...untouched));
    expect(new Set([...skippedOnce, seqOf.get(x), seqOf.get(y)]).size).toBe(8);
  });

  it("a burst in which every action is refused changes nothing, not even the version", async () => {
    const before = await board();
    const playing = before.courts.flatMap((c) => c.game!.teamA.map((p) => p.registrationId));
    const answers = await Promise.all(playing.map(skip));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(playing.length).fill(409));
    expect((await board()).version).toBe(before.version);
  });
});

describe("actions taken together", () => {
  /** A change that renames a queued player, and then, if told, fails. */
  const rename = (registrationId: string, name: string, fail?: () => Error) => async (tx: Tx) => {
    await tx.update(queuePlayers).set({ name }).where(eq(queuePlayers.registrationId, registrationId));
    if (fail) throw fail();
  };
  const names = async (ids: string[]) => {
    const rows = await t.db
      .select({ id: queuePlayers.registrationId, name: queuePlayers.name })
      .from(queuePlayers)
      .where(inArray(queuePlayers.registrationId, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.name);
  };
  const noFill = { fill: false };

  it("undo one that fails after writing, whatever it throws, and keep the others", async () => {
    await activeSessionWith(t, orgId, 8, [], "Rename Night");
    const ids = (await board()).queue.map((q) => q.registrationId).slice(0, 5);
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    const before = await names(ids);
    // The first runs at once; the four made while it runs go together, each in its savepoint.
    const settled = await Promise.allSettled([
      act(t.deps, orgId, rename(a, "First"), noFill),
      act(t.deps, orgId, rename(b, "Kept"), noFill),
      act(
        t.deps,
        orgId,
        rename(c, "Refused", () => new AppError("ON_COURT", "refused")),
        noFill,
      ),
      act(
        t.deps,
        orgId,
        rename(d, "Broken", () => new Error("a bug")),
        noFill,
      ),
      act(t.deps, orgId, rename(e, "Kept too"), noFill),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect((settled[3] as PromiseRejectedResult).reason.message).toBe("a bug");
    expect(await names(ids)).toEqual(["First", "Kept", before[2], before[3], "Kept too"]);
    const versions = settled.map((s) => (s.status === "fulfilled" ? s.value : null));
    expect(versions[1]).toBe(versions[0]! + 1);
    expect(versions[4]).toBe(versions[1]);
  });

  it("run again, each in its savepoint, when one that needs none fails in the database", async () => {
    const ids = (await board()).queue.map((q) => q.registrationId).slice(0, 4);
    const [a, b, c, d] = ids as [string, string, string, string];
    const before = await names(ids);
    // Said to refuse before writing, it writes and then breaks in PostgreSQL: the transaction
    // is lost, so the batch is undone and runs again, and only this one fails.
    const breaksInDatabase = async (tx: Tx) => {
      await rename(c, "Half done")(tx);
      await tx.execute(sql`select 1 / 0`);
    };
    // One that counts: run twice over, it would count twice.
    const sitOuts = async () =>
      (
        await t.db
          .select({ n: queuePlayers.sitOuts })
          .from(queuePlayers)
          .where(eq(queuePlayers.registrationId, b))
      )[0]!.n;
    const sitOutsBefore = await sitOuts();
    const countSitOut = async (tx: Tx) => {
      await tx
        .update(queuePlayers)
        .set({ sitOuts: sql`${queuePlayers.sitOuts} + 1` })
        .where(eq(queuePlayers.registrationId, b));
    };
    const settled = await Promise.allSettled([
      act(t.deps, orgId, rename(a, "Alpha"), noFill),
      act(t.deps, orgId, countSitOut, { fill: false, refusesBeforeWriting: true }),
      act(t.deps, orgId, breaksInDatabase, { fill: false, refusesBeforeWriting: true }),
      act(t.deps, orgId, rename(d, "Delta"), noFill),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((settled[2] as PromiseRejectedResult).reason.cause.message).toMatch(/division by zero/);
    expect(await names(ids)).toEqual(["Alpha", before[1], before[2], "Delta"]);
    expect(await sitOuts()).toBe(sitOutsBefore + 1);
  });

  it("do not wait for a notice that hangs or fails: its own caller does, and fails with it", async () => {
    const realtime = t.deps.realtime;
    const publish = realtime.publish.bind(realtime);
    const ids = (await board()).queue.map((q) => q.registrationId).slice(0, 3);
    const [a, b, c] = ids as [string, string, string];
    try {
      let notices = 0;
      realtime.publish = (notice: BoardNotice) => {
        notices += 1;
        if (notices === 1) return new Promise<void>(() => {});
        if (notices === 2) return Promise.reject(new Error("hub down"));
        return publish(notice);
      };
      const hanging = act(t.deps, orgId, rename(a, "Unannounced"), noFill);
      let hung = true;
      void hanging.finally(() => {
        hung = false;
      });
      await expect(act(t.deps, orgId, rename(b, "Announce failed"), noFill)).rejects.toThrow("hub down");
      expect(await act(t.deps, orgId, rename(c, "Announced"), noFill)).toBeGreaterThan(0);
      expect(hung).toBe(true);
      // Every change was committed, whatever became of its notice.
      expect(await names(ids)).toEqual(["Unannounced", "Announce failed", "Announced"]);
    } finally {
      realtime.publish = publish;
    }
  });
});
