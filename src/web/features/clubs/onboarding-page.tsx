import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import {
  createOrganizationBody,
  DEFAULT_COURTS,
  MAX_COURTS,
  MIN_COURTS,
} from "../../../shared/contracts/clubs.js";
import { messages } from "../../../shared/domain/messages.js";
import { useAuth } from "../../app/auth-provider.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Input, Textarea } from "../../components/ui/input.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { ApiError } from "../../lib/api.js";
import { checkForm, type FieldErrors } from "../../lib/form.js";
import { clubsApi } from "./api.js";
import { allTimeZones, browserTimeZone } from "./time-zones.js";

const t = messages.toasts;

/** SPEC §2 /onboarding: create the club. Also where the sign-up confirmation link lands. */
export function OnboardingPage() {
  const { status, me, refresh } = useAuth();
  const { select } = useOrganization();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(allTimeZones, []);

  useEffect(() => {
    if (status === "signed-out") {
      toast.error(t.authError, { description: t.authErrorBody });
      navigate("/auth", { replace: true });
    }
  }, [status, navigate]);

  if (status !== "signed-in") return <PageLoading />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const checked = checkForm(createOrganizationBody, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t.validationError, { description: checked.first });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { organization } = await clubsApi.create(values as never);
      select(organization.id);
      await refresh();
      toast.success("Club created", {
        description: `Welcome to ${organization.name}! Your 30-day trial has started.`,
      });
      navigate("/dashboard", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(t.authError, { description: t.authErrorBody });
        navigate("/auth", { replace: true });
      } else {
        toast.error("Error", { description: error instanceof ApiError ? error.message : t.slugExhausted });
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => ({
    id: name,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  const firstName = me?.user.fullName.split(" ")[0];

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-surface px-4 py-8">
      <div className="mx-auto max-w-2xl">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Courtside
        </Link>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle className="text-2xl">
              {firstName ? `Welcome, ${firstName}!` : "Welcome!"} Create your club
            </CardTitle>
            <CardDescription>
              Tell us about your club. You can change all of this later. Your free 30-day trial starts now.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field label="Club name" htmlFor="name" error={errors.name}>
                  <Input
                    placeholder="Riverside Pickleball Club"
                    autoComplete="organization"
                    {...field("name")}
                  />
                </Field>
              </div>
              <Field
                label="Number of courts"
                htmlFor="courtsCount"
                error={errors.courtsCount}
                hint="From 1 to 20."
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={MIN_COURTS}
                  max={MAX_COURTS}
                  defaultValue={DEFAULT_COURTS}
                  {...field("courtsCount")}
                />
              </Field>
              <Field label="Time zone" htmlFor="timeZone" error={errors.timeZone}>
                <select
                  {...field("timeZone")}
                  defaultValue={browserTimeZone()}
                  className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll("_", " ")}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Contact email" htmlFor="contactEmail" error={errors.contactEmail}>
                <Input type="email" placeholder="hello@club.com" {...field("contactEmail")} />
              </Field>
              <Field label="Phone" htmlFor="contactPhone" error={errors.contactPhone}>
                <Input
                  type="tel"
                  autoComplete="tel"
                  placeholder="(555) 123-4567"
                  {...field("contactPhone")}
                />
              </Field>
              <Field label="Location" htmlFor="location" error={errors.location}>
                <Input placeholder="Austin, TX" {...field("location")} />
              </Field>
              <Field label="Logo URL" htmlFor="logoUrl" error={errors.logoUrl}>
                <Input type="url" placeholder="https://club.com/logo.png" {...field("logoUrl")} />
              </Field>
              <div className="sm:col-span-2">
                <Field label="Description" htmlFor="description" error={errors.description}>
                  <Textarea
                    placeholder="Open play every weekday evening, all levels welcome."
                    {...field("description")}
                  />
                </Field>
              </div>
              <div className="sm:col-span-2">
                <Button type="submit" size="lg" className="w-full" disabled={busy}>
                  {busy ? "Creating..." : "Create Organization"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
