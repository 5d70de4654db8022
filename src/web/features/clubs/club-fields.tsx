import { useMemo } from "react";
import { Field, Input, Textarea } from "../../components/ui/input.js";
import type { FieldErrors } from "../../lib/form.js";
import { allTimeZones, currentName } from "./time-zones.js";

type FieldProps = (name: string) => { id: string; name: string; "aria-invalid"?: boolean };
export type ClubFieldDefaults = Partial<
  Record<
    "name" | "location" | "timeZone" | "contactEmail" | "contactPhone" | "logoUrl" | "description",
    string
  >
>;

/** The club profile's fields, shared by onboarding and settings. */
export function ClubFields({
  field,
  errors,
  defaults,
  courts,
}: {
  field: FieldProps;
  errors: FieldErrors;
  defaults: ClubFieldDefaults;
  /** Onboarding asks for the number of courts next to the name. */
  courts?: React.ReactNode;
}) {
  const zones = useMemo(allTimeZones, []);
  const id = (name: string) => field(name).id;
  return (
    <>
      <div className="sm:col-span-2">
        <Field label="Club name" htmlFor={id("name")} error={errors.name}>
          <Input
            placeholder="Riverside Pickleball Club"
            autoComplete="organization"
            defaultValue={defaults.name}
            {...field("name")}
          />
        </Field>
      </div>
      {courts}
      <Field label="Time zone" htmlFor={id("timeZone")} error={errors.timeZone}>
        <select
          {...field("timeZone")}
          // A club saved under a zone's old name finds it under the new one (the same zone).
          defaultValue={defaults.timeZone && currentName(defaults.timeZone)}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Contact email" htmlFor={id("contactEmail")} error={errors.contactEmail}>
        <Input
          type="email"
          placeholder="hello@club.com"
          defaultValue={defaults.contactEmail}
          {...field("contactEmail")}
        />
      </Field>
      <Field label="Phone" htmlFor={id("contactPhone")} error={errors.contactPhone}>
        <Input
          type="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          defaultValue={defaults.contactPhone}
          {...field("contactPhone")}
        />
      </Field>
      <Field label="Location" htmlFor={id("location")} error={errors.location}>
        <Input placeholder="Austin, TX" defaultValue={defaults.location} {...field("location")} />
      </Field>
      <Field label="Logo URL" htmlFor={id("logoUrl")} error={errors.logoUrl}>
        <Input
          type="url"
          placeholder="https://club.com/logo.png"
          defaultValue={defaults.logoUrl}
          {...field("logoUrl")}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field label="Description" htmlFor={id("description")} error={errors.description}>
          <Textarea
            placeholder="Open play every weekday evening, all levels welcome."
            defaultValue={defaults.description}
            {...field("description")}
          />
        </Field>
      </div>
    </>
  );
}
