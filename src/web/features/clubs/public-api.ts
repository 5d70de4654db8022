import { useQuery } from "@tanstack/react-query";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const publicClubKey = (slug: string) => ["public-club", slug] as const;
const publicClubPath = (slug: string) => `/api/public/clubs/${encodeURIComponent(slug)}`;

export const usePublicClub = (slug: string) =>
  useQuery({
    queryKey: publicClubKey(slug),
    queryFn: () => api<PublicClubPage>(publicClubPath(slug)),
    retry: false,
  });

/** The page is refetched: it then shows the request as pending. */
export const useRequestToJoin = (slug: string, feedback?: ActionFeedback<{ status: "pending" }, string>) =>
  useAction({
    run: (message: string) =>
      api<{ status: "pending" }>(`${publicClubPath(slug)}/join-requests`, { body: { message } }),
    invalidates: [publicClubKey(slug)],
    ...feedback,
  });
