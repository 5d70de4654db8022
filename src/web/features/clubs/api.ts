import { demoEndpoints } from "../../../shared/contracts/account-endpoints.js";
import type { CreateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { clubsEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { EndpointAnswer } from "../../../shared/contracts/endpoint.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

type Created = EndpointAnswer<typeof endpoints.createClub>;

// Both add a club to the person's clubs, which /api/me lists.

export const useCreateClub = (feedback?: ActionFeedback<Created, CreateOrganizationBody>) =>
  useAction({
    run: (body: CreateOrganizationBody) => call(endpoints.createClub, { body }),
    invalidates: [meQueryKey],
    ...feedback,
  });

/** On a local install: a ready-made club with players, a ladder and open play running. */
export const useLoadDemoClub = (
  feedback?: ActionFeedback<EndpointAnswer<typeof demoEndpoints.start>, void>,
) =>
  useAction({
    run: () => call(demoEndpoints.start),
    invalidates: [meQueryKey],
    ...feedback,
  });
