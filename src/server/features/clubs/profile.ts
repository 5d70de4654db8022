// Editing a club's profile (owner and admins). Deleting the club is closing.ts.
import { eq } from "drizzle-orm";
import type { UpdateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { updateOrganizationBody } from "../../../shared/contracts/clubs.js";
import type { Db } from "../../db/database.js";
import { organizations } from "../../db/schema/clubs.js";
import { notFound } from "../../platform/errors/app-error.js";
import { toOrganization } from "./club-rows.js";

export async function updateProfile(
  db: Db,
  organizationId: string,
  input: UpdateOrganizationBody,
  now: Date,
) {
  const body = updateOrganizationBody.parse(input);
  // The slug stays: links to /club/{slug} that members shared keep working after a rename.
  const [row] = await db
    .update(organizations)
    .set({
      name: body.name,
      location: body.location ?? null,
      contactEmail: body.contactEmail ?? null,
      contactPhone: body.contactPhone ?? null,
      logoUrl: body.logoUrl ?? null,
      description: body.description ?? null,
      timeZone: body.timeZone,
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!row) throw notFound("Club not found");
  return toOrganization(row);
}
