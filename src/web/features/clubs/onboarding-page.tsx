import { useEffect } from "react";
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
import { Field, Input } from "../../components/ui/input.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { ApiError } from "../../lib/api.js";
import { exclaim } from "../../lib/format.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useCreateClub } from "./api.js";
import { ClubFields } from "./club-fields.js";
import { browserTimeZone } from "./time-zones.js";

const t = messages.toasts;

/** /onboarding: create the club. Also where the sign-up confirmation link lands. */
export function OnboardingPage() {
  const { status, me } = useAuth();
  const { select } = useOrganization();
  const navigate = useNavigate();

  useEffect(() => {
    if (status === "signed-out") {
      toast.error(t.authError, { description: t.authErrorBody });
      navigate("/auth", { replace: true });
    }
  }, [status, navigate]);

  const create = useCreateClub({
    onSuccess: ({ organization }) => {
      select(organization.id);
      navigate("/dashboard", { replace: true });
    },
    success: ({ organization }) => ({
      title: "Club created",
      description: `${exclaim(`Welcome to ${organization.name}`)} Your 30-day trial has started.`,
    }),
    // A 401 has already ended the session (lib/api.ts): the effect above tells the person and
    // sends them to sign in.
    onError: (error) => error instanceof ApiError && error.is("UNAUTHORIZED"),
  });
  const form = useZodForm(createOrganizationBody, async (_data, values) => {
    await create.run(values as never);
  });

  if (status !== "signed-in") return <PageLoading />;
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
            <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <ClubFields
                field={form.fieldProps}
                errors={form.errors}
                defaults={{ timeZone: browserTimeZone() }}
                courts={
                  <Field
                    label="Number of courts"
                    htmlFor="courtsCount"
                    error={form.errors.courtsCount}
                    hint="From 1 to 20."
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={MIN_COURTS}
                      max={MAX_COURTS}
                      defaultValue={DEFAULT_COURTS}
                      {...form.fieldProps("courtsCount")}
                    />
                  </Field>
                }
              />
              <div className="sm:col-span-2">
                <Button type="submit" size="lg" className="w-full" disabled={form.busy}>
                  {form.busy ? "Creating..." : "Create Organization"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
