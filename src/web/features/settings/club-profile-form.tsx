import type { Membership } from "../../../shared/contracts/clubs.js";
import { updateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { Button } from "../../components/ui/button.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { ClubFields } from "../clubs/club-fields.js";
import { useUpdateClub } from "./api.js";

/** The club's profile, with onboarding's rules. */
export function ClubProfileForm({ club }: { club: Membership }) {
  const update = useUpdateClub(club.id, { success: "Club profile saved" });
  const form = useZodForm(
    updateOrganizationBody,
    async (_data, values) => {
      await update.run(values as never);
    },
    { idPrefix: "club-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <ClubFields
        field={form.fieldProps}
        errors={form.errors}
        defaults={{
          name: club.name,
          location: club.location ?? "",
          timeZone: club.timeZone,
          contactEmail: club.contactEmail ?? "",
          contactPhone: club.contactPhone ?? "",
          logoUrl: club.logoUrl ?? "",
          description: club.description ?? "",
        }}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
