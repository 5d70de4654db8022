import { can } from "../../../shared/domain/capabilities.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { AccountSettings } from "../account/account-settings.js";
import { PasskeySettings } from "../account/passkey-settings.js";
import { TwoFactorSettings } from "../account/two-factor-settings.js";
import { PayoutAccountCard } from "../billing/payout-account-card.js";
import { NotificationSettings } from "../notifications/notification-settings.js";
import { PushDevices } from "../notifications/push-devices.js";
import { AccessRulesCard } from "./access-rules-card.js";
import { ClubProfileForm } from "./club-profile-form.js";
import { CourtsManager } from "./courts-manager.js";
import { DeleteClubCard } from "./delete-club-card.js";

/** Settings: the club's profile, courts and fair-access rules (guests, strikes) for owners and admins, everyone's email notifications, the owner's payment account and the deletion of the club. */
export function SettingsPage() {
  const { current } = useOrganization();
  const manager = current ? can(current.role, "club.edit") : false;
  const owner = current ? can(current.role, "billing.manage") : false;
  const canDelete = current ? can(current.role, "club.delete") : false;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Settings</h1>
      {current && manager ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Club profile</CardTitle>
              <CardDescription>What members and visitors see on {current.name}'s pages.</CardDescription>
            </CardHeader>
            <CardContent>
              {/* Keyed by club so switching clubs resets the form's fields. */}
              <ClubProfileForm key={current.id} club={current} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Courts</CardTitle>
              <CardDescription>Courts in play appear on the court board.</CardDescription>
            </CardHeader>
            <CardContent>
              <CourtsManager orgId={current.id} />
            </CardContent>
          </Card>
          <AccessRulesCard key={current.id} orgId={current.id} />
        </>
      ) : current ? (
        <Card>
          <CardContent className="pt-6 text-sm text-muted">
            Only the club's owner and admins change its profile and courts.
          </CardContent>
        </Card>
      ) : null}
      <AccountSettings />
      <TwoFactorSettings />
      <PasskeySettings />
      <NotificationSettings />
      <PushDevices />
      {current && owner ? <PayoutAccountCard orgId={current.id} /> : null}
      {current && canDelete ? <DeleteClubCard key={current.id} club={current} /> : null}
    </div>
  );
}
