import type { Court, CreateOrganizationBody, Membership } from "../../../shared/contracts/clubs.js";
import { api } from "../../lib/api.js";

export const clubsApi = {
  create: (body: CreateOrganizationBody) =>
    api<{ organization: Membership; courts: Court[] }>("/api/orgs", { body }),
};
