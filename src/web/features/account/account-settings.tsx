// Settings, Account: the profile clubs show, the password, and the account itself.
import { useNavigate } from "react-router";
import { type ProfileBody, profileBody } from "../../../shared/contracts/account.js";
import { changePasswordForm } from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import { useAuth } from "../../app/auth-provider.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useChangePassword, useSaveProfile, useSignOutEverywhere } from "./api.js";
import { DeleteAccountDialog } from "./delete-account-dialog.js";

const t = messages.account;

export function AccountSettings() {
  const { me } = useAuth();
  if (!me) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Signed in as {me.user.email}.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {/* Keyed by the saved values so a save shows what the server kept. */}
        <ProfileForm
          key={`${me.user.fullName}|${me.user.avatarUrl}|${me.user.gender}`}
          fullName={me.user.fullName}
          avatarUrl={me.user.avatarUrl}
          gender={me.user.gender}
        />
        <PasswordForm />
        <AccountActions />
      </CardContent>
    </Card>
  );
}

function ProfileForm({
  fullName,
  avatarUrl,
  gender,
}: {
  fullName: string;
  avatarUrl: string | null;
  gender: "woman" | "man" | null;
}) {
  const save = useSaveProfile({ success: t.profileSaved });
  const form = useZodForm(
    profileBody,
    async (_data, values) => {
      await save.run({
        fullName: String(values.fullName ?? ""),
        avatarUrl: String(values.avatarUrl ?? ""),
        gender: String(values.gender ?? "") as ProfileBody["gender"],
      });
    },
    { idPrefix: "profile-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <h3 className="font-semibold sm:col-span-2">Profile</h3>
      <Field label="Full name" htmlFor={form.id("fullName")} error={form.errors.fullName}>
        <Input autoComplete="name" defaultValue={fullName} {...form.fieldProps("fullName")} />
      </Field>
      <Field label="Avatar URL" htmlFor={form.id("avatarUrl")} error={form.errors.avatarUrl}>
        <Input
          type="url"
          placeholder="https://..."
          defaultValue={avatarUrl ?? ""}
          {...form.fieldProps("avatarUrl")}
        />
      </Field>
      <Field
        label="Gender (optional)"
        htmlFor={form.id("gender")}
        error={form.errors.gender}
        hint="For mixed doubles nights. Only your clubs' organizers see it."
      >
        <select
          defaultValue={gender ?? ""}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          {...form.fieldProps("gender")}
        >
          <option value="">Not said</option>
          <option value="woman">Woman</option>
          <option value="man">Man</option>
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.busy || save.busy}>
          {save.busy ? "Saving..." : "Save My Profile"}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword({
    success: { title: t.passwordChanged, description: t.passwordChangedBody },
  });
  const form = useZodForm(
    changePasswordForm,
    async (data, _values) => {
      await change.run(data);
    },
    { idPrefix: "password-" },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <h3 className="font-semibold sm:col-span-2">Change password</h3>
      <Field
        label="Current password"
        htmlFor={form.id("currentPassword")}
        error={form.errors.currentPassword}
      >
        <Input type="password" autoComplete="current-password" {...form.fieldProps("currentPassword")} />
      </Field>
      <Field
        label="New password"
        htmlFor={form.id("newPassword")}
        error={form.errors.newPassword}
        hint="At least 8 characters. Your other devices are signed out."
      >
        <Input type="password" autoComplete="new-password" {...form.fieldProps("newPassword")} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={form.busy || change.busy}>
          {change.busy ? "Changing..." : "Change Password"}
        </Button>
      </div>
    </form>
  );
}

function AccountActions() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const everywhere = useSignOutEverywhere({ onSuccess: () => void signOut().then(() => navigate("/auth")) });
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Sessions and account</h3>
      <div className="flex flex-wrap gap-3">
        <ConfirmButton
          trigger={<Button variant="secondary">Sign Out Everywhere</Button>}
          title="Sign out everywhere?"
          description="Every device signed in to your account, this one included, is signed out."
          confirmLabel="Sign Out Everywhere"
          onConfirm={() => everywhere.run()}
        />
        <DeleteAccountDialog onDeleted={() => void signOut().then(() => navigate("/"))} />
      </div>
    </div>
  );
}
