import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { api } from "../../lib/api.js";

export const publicClubApi = {
  load: (slug: string) => api<PublicClubPage>(`/api/public/clubs/${encodeURIComponent(slug)}`),
  requestToJoin: (slug: string, message: string) =>
    api<{ status: "pending" }>(`/api/public/clubs/${encodeURIComponent(slug)}/join-requests`, {
      body: { message },
    }),
};
