import { type FormEvent, useMemo, useState } from "react";
import { toast } from "sonner";
import type { Membership } from "../../../shared/contracts/clubs.js";
import { updateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { messages } from "../../../shared/domain/messages.js";
import { Button } from "../../components/ui/button.js";
import { Field, Input, Textarea } from "../../components/ui/input.js";
import { checkForm, type FieldErrors } from "../../lib/form.js";
import { allTimeZones } from "../clubs/time-zones.js";
import { useUpdateClub } from "./api.js";

/** The club's profile, with onboarding's rules (SPEC §5 Organization). */
export function ClubProfileForm({ club }: { club: Membership }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateClub(club.id);
  const zones = useMemo(allTimeZones, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = checkForm(updateOrganizationBody, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(messages.toasts.validationError, { description: checked.first });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(values as never);
      toast.success("Club profile saved");
    } catch (error) {
      toast.error("Error", { description: error instanceof Error ? error.message : undefined });
    }
  };

  const field = (name: string) => ({
    id: `club-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Club name" htmlFor="club-name" error={errors.name}>
          <Input defaultValue={club.name} {...field("name")} />
        </Field>
      </div>
      <Field label="Location" htmlFor="club-location" error={errors.location}>
        <Input defaultValue={club.location ?? ""} {...field("location")} />
      </Field>
      <Field label="Time zone" htmlFor="club-timeZone" error={errors.timeZone}>
        <select
          defaultValue={club.timeZone}
          {...field("timeZone")}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Contact email" htmlFor="club-contactEmail" error={errors.contactEmail}>
        <Input type="email" defaultValue={club.contactEmail ?? ""} {...field("contactEmail")} />
      </Field>
      <Field label="Phone" htmlFor="club-contactPhone" error={errors.contactPhone}>
        <Input type="tel" defaultValue={club.contactPhone ?? ""} {...field("contactPhone")} />
      </Field>
      <div className="sm:col-span-2">
        <Field label="Logo URL" htmlFor="club-logoUrl" error={errors.logoUrl}>
          <Input type="url" defaultValue={club.logoUrl ?? ""} {...field("logoUrl")} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label="Description" htmlFor="club-description" error={errors.description}>
          <Textarea defaultValue={club.description ?? ""} {...field("description")} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
