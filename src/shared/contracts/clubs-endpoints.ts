// The clubs' endpoints (endpoint.ts): creating a club, its profile, closing it, and its courts;
// then the public club page and the request to join from it. Anyone signed in may create a
// club; anyone in it reads it; editing, closing and the courts are for those whose role permits.
import { z } from "zod";
import {
  court,
  courtParams,
  createCourtBody,
  createOrganizationBody,
  createOrganizationResponse,
  deleteClubBody,
  membership,
  organization,
  updateCourtBody,
  updateOrganizationBody,
} from "./clubs.js";
import { orgParams } from "./common.js";
import { endpoint } from "./endpoint.js";
import { joinRequestBody, publicClubPage, slugParams } from "./public-club.js";

const tags = ["clubs"];
const courtsManager = { club: "courts.manage" } as const;

export const clubsEndpoints = {
  createClub: endpoint({
    method: "POST",
    path: "/api/orgs",
    operationId: "createClub",
    summary: "Create a club; the creator becomes its owner",
    tags,
    access: "signed-in",
    body: createOrganizationBody,
    success: { status: 201, body: createOrganizationResponse },
    errors: ["SLUG_TAKEN", "PLAN_LIMIT_REACHED", "RATE_LIMITED"],
  }),
  club: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId",
    operationId: "getClub",
    summary: "The club's profile",
    tags,
    access: { club: "club.view" },
    params: orgParams,
    success: { status: 200, body: membership },
  }),
  updateClub: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId",
    operationId: "updateClub",
    summary: "Edit the club's profile",
    tags,
    access: { club: "club.edit" },
    params: orgParams,
    body: updateOrganizationBody,
    success: { status: 200, body: organization },
  }),
  deleteClub: endpoint({
    method: "DELETE",
    path: "/api/orgs/:orgId",
    operationId: "deleteClub",
    summary:
      "Delete the club: its sessions are cancelled and paid places refunded, its members told; it answers 404 at once and its data is removed once the refunds are made",
    tags,
    access: { club: "club.delete" },
    params: orgParams,
    body: deleteClubBody,
    success: { status: 204, body: null },
    errors: ["INVALID_TRANSITION"],
  }),
  courts: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/courts",
    operationId: "listCourts",
    summary: "The club's courts",
    tags,
    access: { club: "club.view" },
    params: orgParams,
    success: { status: 200, body: z.object({ courts: z.array(court) }) },
  }),
  addCourt: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/courts",
    operationId: "addCourt",
    summary: "Add a court",
    tags,
    access: courtsManager,
    params: orgParams,
    body: createCourtBody,
    success: { status: 201, body: court },
    errors: ["COURT_NAME_TAKEN", "PLAN_LIMIT_REACHED"],
  }),
  updateCourt: endpoint({
    method: "PATCH",
    path: "/api/orgs/:orgId/courts/:courtId",
    operationId: "updateCourt",
    summary: "Rename a court, or take it out of play (ending its game when told to) and back",
    tags,
    access: courtsManager,
    params: courtParams,
    body: updateCourtBody,
    success: { status: 200, body: court },
    errors: ["COURT_IN_USE", "COURT_NAME_TAKEN", "PLAN_LIMIT_REACHED"],
  }),
};

/** The club's page as anyone sees it, and the request to join sent from it. */
export const publicClubEndpoints = {
  page: endpoint({
    method: "GET",
    path: "/api/public/clubs/:slug",
    operationId: "getPublicClub",
    summary: "The public club page: profile, next sessions, and the viewer's standing",
    tags: ["public"],
    access: "public",
    params: slugParams,
    success: { status: 200, body: publicClubPage },
  }),
  requestToJoin: endpoint({
    method: "POST",
    path: "/api/public/clubs/:slug/join-requests",
    operationId: "requestToJoinClub",
    summary: "Ask to join the club",
    tags: ["public"],
    access: "signed-in",
    params: slugParams,
    body: joinRequestBody,
    // The request waits for the club's admins: the answer says so.
    success: { status: 201, body: z.object({ status: z.literal("pending") }) },
    errors: ["REQUEST_PENDING", "ALREADY_MEMBER", "RATE_LIMITED"],
  }),
};
