import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isSharedAnswer, shareAnswer, sharedVariant } from "../memo/shared-answers.js";
import { responseSerializer } from "./response-serializer.js";

const player = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  court: z.object({ number: z.number(), label: z.string() }).nullable(),
  note: z.string().nullable(),
  status: z.enum(["waiting", "playing"]),
});
const answer = z.object({ players: z.array(player), total: z.number() });

const route = (schema: z.ZodType) => ({ schema, method: "GET", url: "/test", httpStatus: "200" });
const production = responseSerializer({ checkAnswers: false });
const checking = responseSerializer({ checkAnswers: true });

const data = {
  players: [
    {
      id: "a",
      name: 'Ana "Ace" Díaz\n',
      rating: 1500,
      court: { number: 2, label: "Court 2" },
      note: null,
      status: "playing",
    },
    { id: "b", name: "Bo", rating: 1420, court: null, note: "late </script>", status: "waiting" },
  ],
  total: 2,
};

describe("response serializer", () => {
  it("writes exactly what the zod contract writes, nulls and nested objects included", () => {
    expect(production(route(answer))(data)).toBe(JSON.stringify(answer.parse(data)));
    expect(checking(route(answer))(data)).toBe(JSON.stringify(answer.parse(data)));
  });

  it("never writes a field the contract does not name", () => {
    const leaky = {
      ...data,
      secret: "token",
      players: data.players.map((p) => ({ ...p, passwordHash: "x" })),
    };
    const text = production(route(answer))(leaky);
    expect(text).not.toContain("token");
    expect(text).not.toContain("passwordHash");
    expect(JSON.parse(text)).toEqual(answer.parse(data));
  });

  it("refuses an answer that breaks its contract outside production", () => {
    const broken = { ...data, players: [{ ...data.players[0], rating: "high" }] };
    expect(() => checking(route(answer))(broken)).toThrow();
  });

  it("keeps the zod serializer for a schema JSON Schema cannot express (a codec)", () => {
    // Encoded as day/month/year, which nothing but the codec's own encode writes: a compiled
    // serializer would write the Date as an ISO instant or day.
    const day = z.codec(z.string(), z.date(), {
      decode: (text) => {
        const [d, m, y] = text.split("/");
        return new Date(`${y}-${m}-${d}T00:00:00.000Z`);
      },
      encode: (date) => date.toISOString().slice(0, 10).split("-").reverse().join("/"),
    });
    const dated = z.object({ on: day });
    const on = new Date("2026-11-25T10:00:00.000Z");
    expect(production(route(dated))({ on })).toBe('{"on":"25/11/2026"}');
  });

  it("writes a shared answer once per route, and any other answer every time", () => {
    // Each write reads `total` through a getter: how often it is read is how often it is written.
    let reads = 0;
    const counted = <T extends object>(value: T): T =>
      Object.defineProperty(value, "total", { enumerable: true, get: () => ++reads });
    const shared = shareAnswer(counted({ players: structuredClone(data.players) }));
    reads = 0; // freezing it read it once
    const write = production(route(answer));
    const first = write(shared);
    expect(write(shared)).toBe(first);
    expect(reads).toBe(1);
    // Another route (another contract) writes it on its own.
    production(route(answer))(shared);
    expect(reads).toBe(2);
    // A value not shared can change between answers: written each time, as it is now.
    const own = counted({ players: structuredClone(data.players) });
    write(own);
    own.players.pop();
    expect(JSON.parse(write(own)).players).toHaveLength(1);
    expect(reads).toBe(4);
    // The checks outside production run on the first write of a shared answer too.
    const broken = shareAnswer({ ...data, players: [{ ...data.players[0], rating: "high" }] });
    expect(() => checking(route(answer))(broken)).toThrow();
  });

  it("shares only what is frozen all the way down", () => {
    const value = shareAnswer({ page: { rows: [{ id: "a" }] } });
    expect(isSharedAnswer(value)).toBe(true);
    expect(Object.isFrozen(value.page.rows[0])).toBe(true);
    expect(() => {
      (value.page.rows as { id: string }[]).push({ id: "b" });
    }).toThrow();
    // Frozen on top alone is not shared: what it holds could still change.
    expect(isSharedAnswer(Object.freeze({ page: { rows: [] } }))).toBe(false);
  });

  it("makes a kept value's answer for each kind of viewer once, and shares it", () => {
    const kept = shareAnswer({ list: ["a", "b"] });
    let made = 0;
    const answer = (token: string | null) => () => {
      made += 1;
      return { list: kept.list, token };
    };
    const member = sharedVariant(kept, "member", answer(null));
    expect(sharedVariant(kept, "member", answer(null))).toBe(member);
    const manager = sharedVariant(kept, "manager", answer("t"));
    expect(manager).toEqual({ list: ["a", "b"], token: "t" });
    expect(member.token).toBeNull();
    expect(made).toBe(2);
    expect(isSharedAnswer(member)).toBe(true);
    // Another kept value (the list read again after a change) makes its own.
    const next = shareAnswer({ list: ["a"] });
    expect(sharedVariant(next, "member", () => ({ list: next.list, token: null })).list).toEqual(["a"]);
  });
});
