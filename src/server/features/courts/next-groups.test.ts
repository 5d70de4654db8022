// The next groups the board announces are the engine's choice played forward (next-up.ts),
// and with many waiting they must still start from the front of the line: the longest waiter
// is in a group, nobody is in two, and the On my way check agrees with what the board shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let members: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@next-groups.example");
  members = await Promise.all(
    Array.from({ length: 20 }, (_, i) => makeUser(t, `p${i}@next-groups.example`, `Member ${i + 1}`)),
  );
  orgId = (
    await makeClub(
      t,
      owner,
      members.map((m) => [m, "member"] as [TestUser, "member"]),
      { courtsCount: 2 },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const board = async (): Promise<BoardView> =>
  (await t.request({ method: "GET", url: `/api/orgs/${orgId}/board`, cookie: owner.cookie })).json();
const onMyWay = (who: TestUser) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/board/me`,
    cookie: who.cookie,
    payload: { action: "on-my-way" },
  });

describe("the next groups with twelve waiting for two courts", () => {
  it("start from the front of the line, name nobody twice, and are the ones who may answer", async () => {
    await activeSessionWith(t, orgId, 0, members);
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: owner.cookie,
    });
    expect(fill.statusCode).toBe(200);
    const view = await board();
    expect(view.queue).toHaveLength(12);
    const groups = view.courts.map((c) => c.nextUp.map((p) => p.registrationId));
    expect(groups.map((g) => g.length)).toEqual([4, 4]);
    const named = groups.flat();
    expect(new Set(named).size).toBe(8);
    // The engine seats the longest waiter first: the front of the line is announced.
    expect(named).toContain(view.queue[0]!.registrationId);
    const memberNamed = (name: string) =>
      named.includes(view.queue.find((q) => q.name === name)?.registrationId ?? "");
    const called = members.find((m) => memberNamed(m.name))!;
    const further = members.find((m) => view.queue.some((q) => q.name === m.name) && !memberNamed(m.name))!;
    expect((await onMyWay(called)).statusCode).toBe(200);
    expect((await onMyWay(further)).statusCode).toBe(409);
  });
});
