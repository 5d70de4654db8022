import { type Role, roleLabels } from "../../../shared/domain/roles.js";
import { Badge } from "../../components/ui/badge.js";

const tones = { owner: "ball", admin: "brand", organizer: "info", member: "neutral" } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tones[role]}>{roleLabels[role]}</Badge>;
}
