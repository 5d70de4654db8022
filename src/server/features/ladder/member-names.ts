// Members' names as the ladder shows them. Its own file because the standings, the matches, a
// player's page and the CSV all name players the same way.
import type { Db } from "../../db/database.js";
import { listMembers } from "../members/service.js";

/** Every member's name: for the CSV of the whole ladder, which names most of them anyway. */
export async function memberNames(db: Db, organizationId: string) {
  const members = await listMembers(db, organizationId);
  return new Map(members.map((m) => [m.userId, m.name]));
}

/** Someone who has left the club still shows in the matches they played. */
export const nameIn = (names: Map<string, string>, userId: string) => names.get(userId) ?? "Former member";
