export const roles = ["owner", "admin", "organizer", "member"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  organizer: "Organizer",
  member: "Member",
};
