import { useQuery } from "@tanstack/react-query";
import { publicClubEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { EndpointAnswer } from "../../../shared/contracts/endpoint.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const publicClubKey = (slug: string) => ["public-club", slug] as const;

export const usePublicClub = (slug: string) =>
  useQuery({
    queryKey: publicClubKey(slug),
    queryFn: () => call(endpoints.page, { params: { slug } }),
    retry: false,
  });

/** The page is refetched: it then shows the request as pending. */
export const useRequestToJoin = (
  slug: string,
  feedback?: ActionFeedback<EndpointAnswer<typeof endpoints.requestToJoin>, string>,
) =>
  useAction({
    run: (message: string) => call(endpoints.requestToJoin, { params: { slug }, body: { message } }),
    invalidates: [publicClubKey(slug)],
    ...feedback,
  });
