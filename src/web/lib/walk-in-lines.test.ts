import { describe, expect, it } from "vitest";
import { bulkCheckInBody } from "../../shared/contracts/session-registrations.js";
import { ApiError } from "./api.js";
import { noRefusal, pastedNames, problemsOf, refusalOf } from "./walk-in-lines.js";

describe("pasted walk-ins", () => {
  it("reads one name a line, skipping blank lines but keeping each name's line number", () => {
    expect(pastedNames("Ann Lee\r\n\n  Bo Park  \n\t\nCal\tChen\n")).toEqual([
      { line: 1, name: "Ann Lee" },
      { line: 3, name: "Bo Park" },
      { line: 5, name: "Cal Chen" },
    ]);
  });

  it("marks the shared rules' problems on the pasted line they concern", () => {
    const pasted = pastedNames("Ann Lee\n\nx\nann  lee\nBo\u202Eb");
    const checked = bulkCheckInBody.safeParse({
      guestNames: pasted.map((p) => p.name),
      memberIds: ["u1", "u1"],
    });
    const problems = problemsOf(checked.error!.issues, noRefusal, pasted, ["u1", "u1"]);
    expect(problems.lines).toEqual([
      { line: 3, message: "Name must be at least 2 characters" },
      { line: 4, message: "This name is on an earlier line too" },
      { line: 5, message: "Name cannot contain line breaks or hidden formatting characters" },
    ]);
    expect(problems.members).toEqual(new Map([["u1", "This member is ticked twice"]]));
    expect(problems.general).toEqual([]);
  });

  it("keeps the server's refusal with the name it was about, wherever that line moves", () => {
    const sent = { guestNames: ["Ann Lee", "Bo Park"], memberIds: ["u1"] };
    const refusal = refusalOf(
      new ApiError(
        409,
        "CHECK_IN_REFUSED",
        "1 name and 1 member cannot be checked in: nobody was checked in.",
        [
          { path: ["body", "guestNames", "1"], message: "Bo Park is already checked in" },
          { path: ["body", "memberIds", "0"], message: "Not a member of this club" },
        ],
      ),
      sent,
    );
    // A line added above: Bo Park is now on line 3.
    const problems = problemsOf([], refusal, pastedNames("Zed Zu\nAnn Lee\nbo park"), ["u1"]);
    expect(problems.lines).toEqual([{ line: 3, message: "Bo Park is already checked in" }]);
    expect(problems.members.get("u1")).toBe("Not a member of this club");
    expect(problems.general).toEqual(["1 name and 1 member cannot be checked in: nobody was checked in."]);
  });
});
