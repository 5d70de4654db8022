// The display-text rule where contracts are defined: every stored text other people see is
// checked for hidden characters, and a new body field cannot skip the check.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "../domain/messages.js";
import { clubsEndpoints } from "./clubs-endpoints.js";
import { displayName, displayText } from "./common.js";
import { endpoint } from "./endpoint.js";
import { eventsEndpoints } from "./events-endpoints.js";
import { sessionsEndpoints } from "./sessions-endpoints.js";
import { unmarkedText } from "./text-fields.js";

const v = messages.validation;
const zeroWidthSpace = "\u200B";
const rightToLeftOverride = "\u202E";

/** The first problem's message, or "ok". */
const verdict = (schema: z.ZodType | undefined, value: unknown) => {
  const result = schema!.safeParse(value);
  return result.success ? "ok" : result.error.issues[0]!.message;
};

describe("a contract's text fields", () => {
  it("refuses to define an endpoint whose body takes a string without saying what text it is", () => {
    expect(() =>
      endpoint({
        method: "POST",
        path: "/api/example",
        operationId: "example",
        summary: "An example",
        tags: [],
        access: "public",
        body: z.object({ title: z.string().max(80), note: displayText(z.string()).optional() }),
        success: { status: 204, body: null },
      }),
    ).toThrow(/example: body\.title must say what text it is/);
  });

  it("finds strings inside arrays, unions and pipes, and lets formats and marked texts pass", () => {
    const body = z.object({
      tags: z.array(z.string()),
      either: z.union([z.object({ a: z.string() }), z.object({ b: displayName(z.string()) })]),
      email: z.string().trim().pipe(z.email()),
      name: displayName(z.string()).optional(),
    });
    expect(unmarkedText(body)).toEqual(["body.tags[]", "body.either.a"]);
  });

  const club = { name: "Riverside", courtsCount: 2, timeZone: "UTC" };
  const createClub = clubsEndpoints.createClub.body;

  it("refuses a zero-width space in a club's name and a line break in its location", () => {
    expect(verdict(createClub, { ...club, name: `River${zeroWidthSpace}side` })).toBe(v.nameCharacters);
    expect(verdict(createClub, { ...club, location: "Austin\nTX" })).toBe(v.nameCharacters);
    expect(verdict(createClub, { ...club, location: "Austin, TX" })).toBe("ok");
  });

  it("keeps a description's line breaks (a CRLF made LF) and refuses its hidden characters", () => {
    const parsed = createClub!.parse({ ...club, description: "Open play\r\nTuesdays" }) as {
      description: string;
    };
    expect(parsed.description).toBe("Open play\nTuesdays");
    expect(verdict(createClub, { ...club, description: `Open ${rightToLeftOverride}yalp` })).toBe(
      v.textCharacters,
    );
    const session = sessionsEndpoints.create.body;
    const sessionIssue = session!.safeParse({ description: `Bring${zeroWidthSpace} water` });
    expect(sessionIssue.success).toBe(false);
    expect(
      sessionIssue.error!.issues.some(
        (issue) => issue.path[0] === "description" && issue.message === v.textCharacters,
      ),
    ).toBe(true);
  });

  it("refuses bidirectional overrides in league and team names", () => {
    const league = eventsEndpoints.createLeague.body!.safeParse({ name: `Summer${rightToLeftOverride}` });
    expect(league.success).toBe(false);
    expect(league.error!.issues.some((issue) => issue.message === v.nameCharacters)).toBe(true);
    expect(
      verdict(eventsEndpoints.joinLeague.body, { role: "player", teamName: `Dink${rightToLeftOverride}` }),
    ).toBe(v.nameCharacters);
  });
});
