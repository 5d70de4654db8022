import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { billingEndpoints } from "../../../shared/contracts/billing-endpoints.js";
import type { CreateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { clubsEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { messages } from "../../../shared/domain/messages.js";
import { profiles } from "../../db/schema/account.js";
import { courts } from "../../db/schema/clubs.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { notificationPreferences } from "../../db/schema/notifications.js";
import { clubInput, createClub, createTestApp, signUpVerified, type TestApp } from "../../test/harness.js";

const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestApp;
let owner: string;
beforeAll(async () => {
  // One owner starts a club in each test here: more than an account may in a day by default.
  t = await createTestApp({ now: () => NOW, env: { CLUBS_PER_ACCOUNT_PER_DAY: "100" } });
  owner = await signUpVerified(t, { email: "owner@example.com", name: "Olivia Owner" });
});
afterAll(async () => {
  await t?.close();
});

const create = (body: CreateOrganizationBody, cookie = owner) =>
  t.call(clubsEndpoints.createClub, { body }, { cookie });

describe("onboarding", () => {
  it("creates the club, its owner, courts, trial and profile in one go", async () => {
    const response = await create(
      clubInput("Riverside Pickleball", {
        courtsCount: 4,
        contactEmail: "hello@riverside.example",
        logoUrl: "",
        location: "Austin, TX",
      }),
    );
    expect(response.status).toBe(201);
    const { organization, courts: created } = response.body;
    expect(organization).toMatchObject({
      name: "Riverside Pickleball",
      slug: "riverside-pickleball",
      role: "owner",
      subscriptionStatus: "trial",
      location: "Austin, TX",
      logoUrl: null,
      timeZone: "America/New_York",
      trialEndsAt: "2026-03-31T12:00:00.000Z",
    });
    expect(created.map((c: { name: string }) => c.name)).toEqual([
      "Court 1",
      "Court 2",
      "Court 3",
      "Court 4",
    ]);
    expect(created.every((c: { isActive: boolean }) => c.isActive)).toBe(true);

    const members = await t.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organization.id));
    expect(members).toHaveLength(1);
    const [role] = await t.db.select().from(userRoles).where(eq(userRoles.organizationId, organization.id));
    expect(role?.role).toBe("owner");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, members[0]!.userId));
    expect(profile?.fullName).toBe("Olivia Owner");
    const [prefs] = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, role!.userId));
    expect(prefs).toMatchObject({ sessionReminders: true, courtUpNext: true, waitlistNotifications: true });

    const me = await t.call(meEndpoints.me, {}, { cookie: owner });
    expect(me.body.organizations.map((o: { id: string }) => o.id)).toContain(organization.id);
  });

  it("answers the subscription check from the trial", async () => {
    const { organization } = await createClub(t, owner, "Trial Check Club");
    const response = await t.call(
      billingEndpoints.subscription,
      { params: { orgId: organization.id } },
      { cookie: owner },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      subscribed: false,
      plan: "trial",
      product_id: null,
      subscription_end: null,
      trial_expired: false,
      trial_ends_at: "2026-03-31T12:00:00.000Z",
    });
  });

  it("gives colliding names -1..-4 and then refuses with the spec's message", async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await create(clubInput("Smash City"));
      expect(response.status).toBe(201);
      slugs.push(response.body.organization.slug);
    }
    expect(slugs).toEqual(["smash-city", "smash-city-1", "smash-city-2", "smash-city-3", "smash-city-4"]);
    const sixth = await create(clubInput("Smash  City!"));
    expect(sixth.status).toBe(409);
    expect(sixth.error).toEqual({ code: "SLUG_TAKEN", message: messages.toasts.slugExhausted });
    // The refused attempt left nothing behind: no club, no courts.
    const all = await t.db.select().from(courts);
    expect(all.length).toBe(5 * 2 + 4 + 2);
  });

  it("lets the database decide slugs under concurrent creation", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(clubInput("Dink Dynasty"))));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const slugs = responses.map((r) => r.body.organization.slug).sort();
    expect(slugs).toEqual([
      "dink-dynasty",
      "dink-dynasty-1",
      "dink-dynasty-2",
      "dink-dynasty-3",
      "dink-dynasty-4",
    ]);
  });

  it("falls back to 'organization' for a name with no letters or digits", async () => {
    const response = await create(clubInput("!!"));
    expect(response.body.organization.slug).toBe("organization");
  });

  it("checks the fields with the spec's messages", async () => {
    const response = await create({
      name: "X",
      courtsCount: 0,
      contactEmail: "nope",
      logoUrl: "not a url",
      timeZone: "Mars/Olympus",
    });
    expect(response.status).toBe(400);
    const issues = (response.error!.issues as Array<{ message: string }>).map((i) => i.message);
    expect(issues).toEqual(
      expect.arrayContaining([
        messages.validation.organizationNameTooShort,
        messages.validation.courtsTooFew,
        messages.validation.emailInvalid,
        messages.validation.urlInvalid,
        messages.validation.timeZoneInvalid,
      ]),
    );
    expect((await create(clubInput("Too Many Courts", { courtsCount: 21 }))).status).toBe(400);
  });

  it("takes only a web address as the logo, and a name without control or bidirectional characters", async () => {
    // Refused as a new club, or as an edit of the club `orgId`.
    const refused = async (payload: CreateOrganizationBody, message: string, orgId?: string) => {
      const response =
        orgId === undefined
          ? await t.call(clubsEndpoints.createClub, { body: payload }, { cookie: owner })
          : await t.call(clubsEndpoints.updateClub, { params: { orgId }, body: payload }, { cookie: owner });
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.error?.message).toBe(message);
    };
    for (const logoUrl of [
      "javascript:alert(document.cookie)",
      "data:text/html,<script>x</script>",
      "ftp://x.example/a.png",
    ])
      await refused(clubInput("Logo Club", { logoUrl }), messages.validation.urlInvalid);
    for (const name of [
      "Line\nBreak Club",
      "Nul\u0000Club",
      "Esc\u001b[31mClub",
      "Flip\u202Ebulc",
      "Iso\u2067late",
    ])
      await refused(clubInput(name), messages.validation.nameCharacters);

    const { organization } = await createClub(t, owner, "Editable Club");
    const edit = (extra: Partial<CreateOrganizationBody>) => ({ ...clubInput("Editable Club"), ...extra });
    await refused(edit({ logoUrl: "javascript:alert(1)" }), messages.validation.urlInvalid, organization.id);
    await refused(edit({ name: "Editable\u202EClub" }), messages.validation.nameCharacters, organization.id);
    const saved = await t.call(
      clubsEndpoints.updateClub,
      { params: { orgId: organization.id }, body: edit({ logoUrl: "https://cdn.example/logo.png" }) },
      { cookie: owner },
    );
    expect(saved.status, saved.response.text).toBe(200);
    expect(saved.body.logoUrl).toBe("https://cdn.example/logo.png");
  });

  it("requires a session", async () => {
    const response = await t.call(clubsEndpoints.createClub, { body: clubInput("No Session Club") });
    expect(response.status).toBe(401);
  });

  it("answers 404 for another club's data", async () => {
    const { organization } = await createClub(t, owner, "Private Club");
    const stranger = await signUpVerified(t, { email: "stranger@example.com" });
    for (const definition of [clubsEndpoints.club, clubsEndpoints.courts, billingEndpoints.subscription]) {
      const response = await t.call(definition, { params: { orgId: organization.id } }, { cookie: stranger });
      expect(response.status, definition.path).toBe(404);
      expect(response.response.text).not.toContain("Private Club");
    }
    const malformed = await t.call(
      clubsEndpoints.club,
      { params: { orgId: "not-a-uuid" } },
      { cookie: stranger },
    );
    expect(malformed.status).toBe(400);
  });
});
