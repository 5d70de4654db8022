// The sessions' endpoints (endpoint.ts): the list and one session, scheduling and changing them,
// a player's place (register, cancel, check in with the link), running a night (start,
// complete, cancel, open play now, check-ins and walk-ins) and the calendar feed's address.
// Anyone in the club reads sessions and takes or gives up their own place; the rest is for
// those who run sessions. The .ics files are not JSON and stay registered directly.
import { z } from "zod";
import { accessRules, accessRulesBody, bringGuestBody } from "./access-rules.js";
import { orgParams } from "./common.js";
import { endpoint } from "./endpoint.js";
import { PAGE_SIZE_MAX, pageQuery, timestampKey } from "./paging.js";
import { createSessionBody, updateSessionBody } from "./session-form.js";
import {
  attendanceView,
  bulkCheckInBody,
  bulkCheckInResponse,
  cancelRegistrationResponse,
  checkInBody,
  registerResponse,
  releaseResult,
  selfCheckInResponse,
  walkInBody,
} from "./session-registrations.js";
import { drawView, registrationParams, session, sessionDetails, sessionParams } from "./sessions.js";

const tags = ["sessions"];
const member = { club: "club.view" } as const;
const organizer = { club: "sessions.manage" } as const;

const sessionList = z.object({ sessions: z.array(session) });
/** The calendar feed's secret address. */
const calendarFeed = z.object({ url: z.string() });

/** Completing and cancelling end a session the same way: one definition for each path. */
const end = (action: "complete" | "cancel") =>
  endpoint({
    method: "POST",
    path: `/api/orgs/:orgId/sessions/:sessionId/${action}`,
    operationId: `${action}Session`,
    summary: `${action} the session`,
    tags,
    access: organizer,
    params: sessionParams,
    success: { status: 204, body: null },
    // A session already over (or, to complete, not yet started) cannot end again.
    errors: ["INVALID_TRANSITION"],
  });

/** Checking a player in (POST) and undoing it (DELETE) share their path. */
const checkIn = (checkedIn: boolean) =>
  endpoint({
    method: checkedIn ? "POST" : "DELETE",
    path: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId/check-in",
    operationId: checkedIn ? "checkInPlayer" : "undoCheckIn",
    summary: checkedIn ? "Check a player in" : "Undo a check-in",
    tags,
    access: organizer,
    params: registrationParams,
    success: { status: 204, body: null },
    errors: checkedIn
      ? ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "NOT_REGISTERED", "DRAW_PENDING"]
      : ["SESSION_CLOSED", "NOT_REGISTERED"],
  });

export const sessionsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions",
    operationId: "listSessions",
    summary:
      "Upcoming sessions (scheduled and not yet ended, or active); ?scope=past for those over (newest first), ?scope=all for every session",
    tags,
    access: member,
    params: orgParams,
    // Upcoming and past sessions come a page at a time (a club can schedule a season ahead,
    // and plays every night); the cursor holds the last one's start and id. Upcoming pages
    // are UPCOMING_PAGE_SIZE and past ones PAST_PAGE_SIZE unless asked otherwise. All comes
    // whole (next: null).
    query: pageQuery(z.tuple([timestampKey, z.uuid()])).extend({
      scope: z.enum(["upcoming", "past", "all"]).default("upcoming"),
      limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
    }),
    success: { status: 200, body: sessionList.extend({ next: z.string().nullable() }) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions",
    operationId: "createSessions",
    summary: "Create a session, or a weekly series of them",
    tags,
    access: organizer,
    params: orgParams,
    body: createSessionBody,
    success: { status: 201, body: sessionList },
    errors: ["UPGRADE_REQUIRED", "PAYMENTS_NOT_READY"],
  }),
  details: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId",
    operationId: "getSessionDetails",
    summary: "One session",
    tags,
    access: member,
    params: sessionParams,
    success: { status: 200, body: sessionDetails },
  }),
  releaseNoShows: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/no-shows/release",
    operationId: "releaseNoShows",
    summary: "Release the places of registered players not checked in to those standing by (the waitlist)",
    tags,
    access: organizer,
    params: sessionParams,
    success: { status: 200, body: releaseResult },
    errors: ["SESSION_CLOSED", "NO_SHOWS_RELEASED", "NOT_STARTED"],
  }),
  attendance: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/attendance",
    operationId: "getAttendance",
    summary: "Each member's no-shows and late drops at the club over the strike rule's days (admins)",
    tags,
    access: { club: "attendance.view" },
    params: orgParams,
    success: { status: 200, body: attendanceView },
  }),
  draw: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/draw",
    operationId: "getSessionDraw",
    summary: "A drawn lottery, published: its seed, and each entrant's losses, weight and place in the order",
    tags,
    access: member,
    params: sessionParams,
    success: { status: 200, body: drawView },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/sessions/:sessionId",
    operationId: "updateSession",
    summary: "Change a session",
    tags,
    access: organizer,
    params: sessionParams,
    body: updateSessionBody,
    success: { status: 200, body: session },
    errors: [
      "SESSION_CLOSED",
      "CAPACITY_BELOW_REGISTERED",
      "PAYMENT_LOCKED",
      "LOTTERY_DRAWN",
      "TEAMS_ON_BOARD",
      "UPGRADE_REQUIRED",
    ],
  }),
  register: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/registrations",
    operationId: "registerForSession",
    summary: "Register yourself: a place, a held place until payment, or the waitlist",
    tags,
    access: member,
    params: sessionParams,
    success: { status: 201, body: registerResponse },
    errors: ["SESSION_CLOSED", "REGISTRATION_NOT_OPEN", "PAYMENTS_NOT_READY", "MEMBERS_ONLY"],
  }),
  bringGuest: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/guests",
    operationId: "bringGuest",
    summary:
      "Bring a named guest: a place as anyone takes one (held until you pay the guest price in a paid session), or the waitlist",
    tags,
    access: member,
    params: sessionParams,
    body: bringGuestBody,
    success: { status: 201, body: registerResponse },
    errors: [
      "SESSION_CLOSED",
      "REGISTRATION_NOT_OPEN",
      "PAYMENTS_NOT_READY",
      "GUESTS_NOT_ALLOWED",
      "GUEST_LIMIT",
      "DRAW_PENDING",
      "MEMBERS_ONLY",
    ],
  }),
  accessRules: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/access-rules",
    operationId: "getAccessRules",
    summary: "The club's fair-access rules: members' guests, the strike rule, refunds for no-shows",
    tags,
    access: member,
    params: orgParams,
    success: { status: 200, body: accessRules },
  }),
  updateAccessRules: endpoint({
    method: "PUT",
    path: "/api/orgs/:orgId/access-rules",
    operationId: "updateAccessRules",
    summary:
      "Allow members' guests (how many a month, at what price), set the strike rule, and whether no-shows are refunded",
    tags,
    access: { club: "club.edit" },
    params: orgParams,
    body: accessRulesBody,
    success: { status: 200, body: accessRules },
  }),
  start: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/start",
    operationId: "startSession",
    summary: "start the session",
    tags,
    access: organizer,
    params: sessionParams,
    success: { status: 204, body: null },
    errors: ["INVALID_TRANSITION", "UPGRADE_REQUIRED", "SESSION_RUNNING"],
  }),
  complete: end("complete"),
  cancel: end("cancel"),
  openPlay: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/open-play",
    operationId: "startOpenPlay",
    summary: "Start open play now: a session from this minute, started at once",
    tags,
    access: organizer,
    params: orgParams,
    // anyway: start it though a scheduled session is on now (otherwise SESSION_ON_NOW asks).
    body: z.object({ anyway: z.boolean().default(false) }).nullish(),
    success: { status: 201, body: z.object({ session }) },
    errors: ["INVALID_TRANSITION", "UPGRADE_REQUIRED", "SESSION_RUNNING", "SESSION_ON_NOW"],
  }),
  cancelRegistration: endpoint({
    method: "DELETE",
    path: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId",
    operationId: "cancelRegistration",
    summary:
      "Cancel a registration (your own; organizers: anyone's); a paid place is refunded before the cut-off",
    tags,
    // Anyone in the club cancels their own place; whose else they may cancel the handler decides.
    access: member,
    params: registrationParams,
    success: { status: 200, body: cancelRegistrationResponse },
    errors: ["INVALID_TRANSITION"],
  }),
  checkIn: checkIn(true),
  undoCheckIn: checkIn(false),
  walkIn: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/walk-ins",
    operationId: "addWalkIn",
    summary: "Add a walk-in, checked in",
    tags,
    access: organizer,
    params: sessionParams,
    body: walkInBody,
    success: { status: 201, body: z.object({ ok: z.literal(true) }) },
    errors: ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "SESSION_FULL", "DRAW_PENDING"],
  }),
  bulkCheckIn: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/check-ins/bulk",
    operationId: "checkInWalkIns",
    summary:
      "Check in many walk-ins at once, guests by name and members by id: all of them, or none with every problem named",
    tags,
    access: organizer,
    params: sessionParams,
    body: bulkCheckInBody,
    success: { status: 201, body: bulkCheckInResponse },
    errors: ["SESSION_CLOSED", "CHECK_IN_NOT_OPEN", "CHECK_IN_REFUSED", "SESSION_FULL", "DRAW_PENDING"],
  }),
  selfCheckIn: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/sessions/:sessionId/self-check-in",
    operationId: "selfCheckIn",
    summary:
      "Check yourself in with the session's link; in a full session, stand by at the door for the next place after the waitlist",
    tags,
    access: member,
    params: sessionParams,
    body: checkInBody,
    success: { status: 200, body: selfCheckInResponse },
    errors: ["NOT_ACTIVE", "NOT_REGISTERED", "PAYMENT_PENDING", "WAITLISTED", "DRAW_PENDING"],
  }),
  calendarFile: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/sessions/:sessionId/calendar.ics",
    operationId: "getSessionCalendarFile",
    summary: "One session as an iCalendar file",
    tags: ["calendars"],
    access: member,
    params: sessionParams,
    success: { status: 200, body: null, file: "text/calendar; charset=utf-8" },
  }),
  calendarFeed: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/calendar-feed",
    operationId: "getCalendarFeed",
    summary: "The club's calendar feed address, issued the first time it is asked for",
    tags: ["calendars"],
    access: organizer,
    params: orgParams,
    success: { status: 200, body: calendarFeed },
  }),
  rotateCalendarFeed: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/calendar-feed/rotate",
    operationId: "rotateCalendarFeed",
    summary: "Give the feed a new secret address; the old one stops working",
    tags: ["calendars"],
    access: organizer,
    params: orgParams,
    success: { status: 200, body: calendarFeed },
  }),
};
