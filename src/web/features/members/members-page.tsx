import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { can } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import { useAuth } from "../../app/auth-provider.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { LoadMore } from "../../components/load-more.js";
import { Badge } from "../../components/ui/badge.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Input } from "../../components/ui/input.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useInvitations, useJoinRequests, useMemberPages } from "./api.js";
import { AttendanceCard } from "./attendance-card.js";
import { InvitationsList } from "./invitations-list.js";
import { InviteDialog } from "./invite-dialog.js";
import { JoinRequestsList } from "./join-requests-list.js";
import { MembersList } from "./members-list.js";
import { MembershipActions } from "./membership-actions.js";

/** Members: the list with role badges, invitations, and join requests for admins. */
export function MembersPage() {
  const { current, organizations, select } = useOrganization();
  const [params, setParams] = useSearchParams();
  const named = params.get("org");
  // A join request's email links here naming its club (?org=), for those who run more than one:
  // that club becomes the one shown, as if picked in the switcher.
  useEffect(() => {
    if (!named) return;
    if (organizations.some((club) => club.id === named)) select(named);
    setParams({}, { replace: true });
  }, [named, organizations, select, setParams]);
  if (named) return <PageLoading />;
  if (!current) return <NoClub />;
  return <ClubMembers orgId={current.id} clubName={current.name} myRole={current.role} />;
}

function ClubMembers({ orgId, clubName, myRole }: { orgId: string; clubName: string; myRole: Role }) {
  const { me } = useAuth();
  const manager = can(myRole, "members.invite");
  const [typed, setTyped] = useState("");
  // The list follows the search box a moment after typing stops, not at every letter.
  const [search, setSearch] = useState("");
  useEffect(() => {
    const later = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(later);
  }, [typed]);
  const members = useMemberPages(orgId, search);
  const invitations = useInvitations(orgId, manager);
  const requests = useJoinRequests(orgId, can(myRole, "joinRequests.review"));
  const loadMore = useCallback(() => void members.fetchNextPage(), [members.fetchNextPage]);

  useEffect(() => {
    if (members.isError) showErrorToast(members.error, "Failed to load members");
  }, [members.isError, members.error]);

  if (members.isPending && !search) return <PageLoading />;
  const list = members.data?.pages.flatMap((page) => page.members) ?? [];
  const total = members.data?.pages[0]?.total ?? 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Members</h1>
          <p className="text-sm text-muted">
            {search
              ? `${total} found in ${clubName}`
              : `${total} ${total === 1 ? "member" : "members"} in ${clubName}`}
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
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>Members</CardTitle>
          <Input
            type="search"
            aria-label="Find a member"
            className="sm:w-72"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={can(myRole, "members.viewEmails") ? "Find by name or email" : "Find by name"}
          />
        </CardHeader>
        <CardContent>
          {search && !members.isPending && list.length === 0 ? (
            <p className="text-sm text-muted">Nobody in the club matches “{search}”.</p>
          ) : (
            <MembersList orgId={orgId} members={list} myRole={myRole} myUserId={me?.user.id ?? ""} />
          )}
          <LoadMore
            hasMore={members.hasNextPage}
            loading={members.isFetchingNextPage}
            failed={members.isFetchNextPageError}
            onMore={loadMore}
          />
        </CardContent>
      </Card>

      <AttendanceCard orgId={orgId} enabled={can(myRole, "attendance.view")} />

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

      <MembershipActions orgId={orgId} clubName={clubName} myRole={myRole} myUserId={me?.user.id ?? ""} />
    </div>
  );
}
