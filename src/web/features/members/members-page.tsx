import { useEffect } from "react";
import { can } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import { useAuth } from "../../app/auth-provider.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useInvitations, useJoinRequests, useMembers } from "./api.js";
import { InvitationsList } from "./invitations-list.js";
import { InviteDialog } from "./invite-dialog.js";
import { JoinRequestsList } from "./join-requests-list.js";
import { MembersList } from "./members-list.js";
import { MembershipActions } from "./membership-actions.js";

/** Members: the list with role badges, invitations, and join requests for admins. */
export function MembersPage() {
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return <ClubMembers orgId={current.id} clubName={current.name} myRole={current.role} />;
}

function ClubMembers({ orgId, clubName, myRole }: { orgId: string; clubName: string; myRole: Role }) {
  const { me } = useAuth();
  const manager = can(myRole, "members.invite");
  const members = useMembers(orgId);
  const invitations = useInvitations(orgId, manager);
  const requests = useJoinRequests(orgId, can(myRole, "joinRequests.review"));

  useEffect(() => {
    if (members.isError) showErrorToast(members.error, "Failed to load members");
  }, [members.isError, members.error]);

  if (members.isPending) return <PageLoading />;
  const list = members.data ?? [];

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Team Members</h1>
          <p className="text-sm text-muted">
            {list.length} {list.length === 1 ? "member" : "members"} in {clubName}
          </p>
        </div>
        {manager ? (
          <div data-tour="invite-member">
            <InviteDialog orgId={orgId} myRole={myRole} />
          </div>
        ) : null}
      </div>

      {requests.data ? (
        <Card data-tour="join-requests">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              Join requests{" "}
              {requests.data.length > 0 ? <Badge tone="ball">{requests.data.length}</Badge> : null}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <JoinRequestsList orgId={orgId} requests={requests.data} />
          </CardContent>
        </Card>
      ) : null}

      <Card data-tour="members-list">
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <MembersList orgId={orgId} members={list} myRole={myRole} myUserId={me?.user.id ?? ""} />
        </CardContent>
      </Card>

      {invitations.data ? (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
          </CardHeader>
          <CardContent>
            <InvitationsList orgId={orgId} invitations={invitations.data} />
          </CardContent>
        </Card>
      ) : null}

      <MembershipActions
        orgId={orgId}
        clubName={clubName}
        myRole={myRole}
        members={list}
        myUserId={me?.user.id ?? ""}
      />
    </div>
  );
}
