import { z } from "zod";
import { dateTimeFormat } from "../domain/formatters.js";
import { messages } from "../domain/messages.js";
import { roles } from "../domain/roles.js";
import { displayName, optionalText, patternText, privateText } from "./common.js";

const v = messages.validation;

export const MIN_COURTS = 1;
export const MAX_COURTS = 20;
export const DEFAULT_COURTS = 2;

export function isValidTimeZone(zone: string): boolean {
  try {
    dateTimeFormat({}, zone);
    return true;
  } catch {
    return false;
  }
}

const emptyOr = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal("").transform(() => undefined), schema]).optional();

export const createOrganizationBody = z.object({
  name: displayName(z.string().trim().min(2, v.organizationNameTooShort).max(100)),
  courtsCount: z.coerce
    .number({ error: v.courtsTooFew })
    .int(v.courtsWhole)
    .min(MIN_COURTS, v.courtsTooFew)
    .max(MAX_COURTS, v.courtsTooMany),
  contactEmail: emptyOr(z.string().trim().pipe(z.email(v.emailInvalid))),
  contactPhone: optionalText(40, "name"),
  // An address longer than browsers take is no logo: every page and kept read carries it.
  // Only a web address is a picture: javascript:, data: and the like are refused.
  logoUrl: emptyOr(
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: v.urlInvalid }).max(2000, v.urlInvalid)),
  ),
  location: optionalText(200, "name"),
  description: optionalText(2000, "multiline"),
  timeZone: patternText(z.string().refine(isValidTimeZone, v.timeZoneInvalid)),
});
export type CreateOrganizationBody = z.input<typeof createOrganizationBody>;

export const organization = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  location: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  timeZone: z.string(),
  trialEndsAt: z.iso.datetime(),
  subscriptionStatus: z.enum(["trial", "active", "past_due", "canceled"]),
  createdAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof organization>;

export const membership = organization.extend({ role: z.enum(roles) });
export type Membership = z.infer<typeof membership>;

export const court = z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean() });
export type Court = z.infer<typeof court>;

export const createOrganizationResponse = z.object({ organization: membership, courts: z.array(court) });

/** The club profile form (settings): onboarding's rules, without the court count. */
export const updateOrganizationBody = createOrganizationBody.omit({ courtsCount: true });
export type UpdateOrganizationBody = z.input<typeof updateOrganizationBody>;

/** Deleting a club: the owner types its name, so a slip of the finger deletes nothing. */
export const deleteClubBody = z.object({
  // Compared with the club's name, never stored or shown.
  confirmName: privateText(z.string().max(200, "Type the club's name exactly as it is shown")),
});
export type DeleteClubBody = z.infer<typeof deleteClubBody>;

export const courtParams = z.object({ orgId: z.uuid(), courtId: z.uuid() });
export const courtName = displayName(
  z.string().trim().min(1, "Court name is required").max(40, "Court name must be at most 40 characters"),
);
export const createCourtBody = z.object({ name: courtName });
export const updateCourtBody = z
  .object({
    name: courtName.optional(),
    isActive: z.boolean().optional(),
    /** Taking out a court with a game on it: end the game, its players back to the front of the line. */
    endRunningGame: z.boolean().optional(),
  })
  .refine(
    (change) => change.name !== undefined || change.isActive !== undefined,
    "Give a new name or isActive",
  );
