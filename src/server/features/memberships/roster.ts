// The treasurer's roster: every member of the club with the plan they are on, its status as of
// now and when it renews, filtered by status ("none": on no plan), and the same as CSV.
import type { RosterEntry } from "../../../shared/contracts/memberships.js";
import { toCsv } from "../../../shared/domain/csv.js";
import type { Db } from "../../db/database.js";
import { listMembers } from "../members/service.js";
import { duesOfMembers } from "./service.js";

export async function readRoster(
  db: Db,
  organizationId: string,
  status: RosterEntry["status"] | undefined,
  at: Date,
): Promise<RosterEntry[]> {
  const members = await listMembers(db, organizationId);
  const dues = await duesOfMembers(
    db,
    organizationId,
    members.map((m) => m.userId),
    at,
  );
  const entries = members.map((member): RosterEntry => {
    const theirs = dues.get(member.userId);
    return {
      userId: member.userId,
      name: member.name,
      email: member.email,
      plan: theirs ? { code: theirs.code, name: theirs.planName } : null,
      status: theirs?.status ?? "none",
      renewsOn: theirs?.renewsOn ?? null,
      periodEnd: theirs?.periodEnd ?? null,
    };
  });
  return status ? entries.filter((entry) => entry.status === status) : entries;
}

export function rosterCsv(entries: RosterEntry[]): string {
  return toCsv(
    ["Name", "Email", "Plan code", "Plan", "Status", "Period ends", "Renews"],
    entries.map((e) => [
      e.name,
      e.email,
      e.plan?.code ?? null,
      e.plan?.name ?? null,
      e.status.replace("_", " "),
      e.periodEnd?.slice(0, 10) ?? null,
      e.renewsOn?.slice(0, 10) ?? null,
    ]),
  );
}
