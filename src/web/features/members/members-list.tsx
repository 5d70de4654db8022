import { Trash2 } from "lucide-react";
import type { Member } from "../../../shared/contracts/members.js";
import { assignableRoles } from "../../../shared/contracts/members.js";
import { canManageRole } from "../../../shared/domain/capabilities.js";
import { type Role, roleLabels } from "../../../shared/domain/roles.js";
import { Button } from "../../components/ui/button.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { formatDate } from "../../lib/format.js";
import { type RoleChange, useChangeRole, useRemoveMember } from "./api.js";
import { RoleBadge } from "./role-badge.js";

type Props = { orgId: string; members: Member[]; myRole: Role; myUserId: string };

export function MembersList({ orgId, members, myRole, myUserId }: Props) {
  const remove = useRemoveMember(orgId, {
    success: (_, member) => `${member.name} was removed`,
    errorTitle: "Could not remove member",
  });
  const changeRole = useChangeRole(orgId, {
    success: (_, { member, role }) => `${member.name} is now ${roleLabels[role].toLowerCase()}`,
    errorTitle: "Role not changed",
  });

  return (
    <ul className="divide-y divide-slate-100">
      {members.map((member) => {
        const isMe = member.userId === myUserId;
        const manageable = !isMe && canManageRole(myRole, member.role);
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3" data-testid="member-row">
            <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
              {initials(member.name)}
            </div>
            {/* At least 12rem for the name and address: on a phone the role and removal wrap
                below them (in line with the name) instead of cutting the address short. */}
            <div className="min-w-48 flex-1">
              <p className="truncate font-medium">
                {member.name} {isMe ? <span className="text-sm text-muted">(you)</span> : null}
              </p>
              {/* Addresses are shown to admins and the owner; others see their own only. */}
              {member.email ? <p className="truncate text-sm text-muted">{member.email}</p> : null}
            </div>
            <div className="ml-13 flex items-center gap-2 sm:ml-0">
              <span className="hidden text-sm text-muted sm:inline">
                Joined {formatDate(member.joinedAt)}
              </span>
              {manageable ? (
                <label>
                  <span className="sr-only">Role of {member.name}</span>
                  <select
                    value={member.role}
                    onChange={(event) =>
                      changeRole.run({ member, role: event.target.value as RoleChange["role"] })
                    }
                    className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm max-sm:h-11"
                  >
                    {assignableRoles
                      .filter((role) => canManageRole(myRole, role))
                      .map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                  </select>
                </label>
              ) : (
                <RoleBadge role={member.role} />
              )}
              {manageable ? (
                <ConfirmButton
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Remove ${member.name}`}>
                      <Trash2 className="h-4 w-4 text-red-600" />
                    </Button>
                  }
                  title={`Remove ${member.name}?`}
                  description="They lose access to the club's sessions, board and ladder. You can invite them again later."
                  confirmLabel="Remove"
                  onConfirm={() => remove.run(member)}
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}
