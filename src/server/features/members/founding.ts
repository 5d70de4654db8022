// Founding a club (onboarding): the club's row and courts, its founder as its owner, and the
// founder's name and email preferences, in one transaction.
import type { CreateOrganizationBody, Membership } from "../../../shared/contracts/clubs.js";
import type { Db } from "../../db/database.js";
import { saveFullName } from "../account/service.js";
import { insertClub } from "../clubs/service.js";
import { ensurePreferences } from "../notifications/service.js";
import { addMember } from "./memberships.js";

export async function createOrganization(
  db: Db,
  user: { id: string; name: string },
  input: CreateOrganizationBody,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { club, courts } = await insertClub(tx, input, now);
    await addMember(tx, club.id, user.id, "owner", now);
    await saveFullName(tx, user.id, user.name, now);
    await ensurePreferences(tx, user.id);
    const organization: Membership = { ...club, role: "owner" };
    return { organization, courts };
  });
}
