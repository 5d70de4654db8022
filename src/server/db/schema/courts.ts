// The court queue: a session's board, its players, games, unavailable courts, TV display links and the notices players see. Owned by features/courts.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { courts, organizations } from "./clubs.js";
import { createdAt } from "./columns.js";
import { sessionRegistrations, sessions, teamRule } from "./sessions.js";

export const rotationMode = pgEnum("rotation_mode", [
  "fair",
  "paddle-stack",
  "winners-stay",
  "skill-balanced",
  "king-of-the-court",
]);

// The live queue of an active session: one row per checked-in player, carrying the counters
// the rotation engine decides from. Every change bumps sessions' board version (below) under
// the session's row lock.
export const queuePlayers = pgTable(
  "queue_players",
  {
    registrationId: uuid("registration_id")
      .primaryKey()
      .references(() => sessionRegistrations.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    name: text("name").notNull(),
    // Order of becoming ready: arrival, then each time the player comes off court.
    readySeq: integer("ready_seq").notNull(),
    // When they last became ready to play (checked in, off court, back from a break): the
    // engine's longest-wait rule counts from it, so a break is not counted as waiting.
    readyAt: timestamp("ready_at", { withTimezone: true }),
    arrivedSeq: integer("arrived_seq").notNull(),
    gamesPlayed: integer("games_played").notNull().default(0),
    // A late arrival joins at the median of games played: counted for fairness, not shown.
    gamesCredit: integer("games_credit").notNull().default(0),
    gamesWaited: integer("games_waited").notNull().default(0),
    sitOuts: integer("sit_outs").notNull().default(0),
    winStreak: integer("win_streak").notNull().default(0),
    onBreak: boolean("on_break").notNull().default(false),
    present: boolean("present").notNull().default(true),
    partners: text("partners").array().notNull().default(sql`'{}'::text[]`),
    opponents: text("opponents").array().notNull().default(sql`'{}'::text[]`),
    wantsBye: boolean("wants_bye").notNull().default(false),
    // King of the court: the court this player moves to next (null: the queue).
    courtTarget: uuid("court_target"),
    // "On my way", answered from the phone to being called: it counts for the call it answered,
    // that is, when it is later than the end of the player's last game (board-view.ts).
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true }),
    // "I'm leaving at 8:30", from the player's phone: from then on they are not assigned.
    leavesAt: timestamp("leaves_at", { withTimezone: true }),
    // "Skip me this time": games_played + sit_outs when they asked. While both are as they were,
    // the skip is owed (the next group goes without them); a game or a pass since settles it.
    skipAt: integer("skip_at"),
  },
  (t) => [index("queue_players_org_session_idx").on(t.organizationId, t.sessionId)],
);
export const boardCourtStatus = pgEnum("board_court_status", ["free", "playing", "unavailable"]);
export const boards = pgTable("boards", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  mode: rotationMode("mode").notNull().default("fair"),
  teams: teamRule("teams").notNull().default("open"),
  balanceByRating: boolean("balance_by_rating").notNull().default(false),
  // Bumped by every action; clients refetch when a notice carries a newer one.
  version: integer("version").notNull().default(0),
  nextSeq: integer("next_seq").notNull().default(1),
  seed: integer("seed").notNull(),
  singlesCourts: uuid("singles_courts").array().notNull().default(sql`'{}'::uuid[]`),
  // Free courts the organizer keeps free (a game cancelled there): not filled until they say.
  heldCourts: uuid("held_courts").array().notNull().default(sql`'{}'::uuid[]`),
  // Minutes a called group has to answer "on my way" before the organizer is offered the next
  // group instead; null: not offered (the default).
  callTimeoutMinutes: integer("call_timeout_minutes"),
  // The players the session's running event holds (its entrants, registration ids): off open
  // play's line until the event hands them back (event-courts.ts).
  eventPlayers: uuid("event_players").array().notNull().default(sql`'{}'::uuid[]`),
  // Organizers' requests: { together: [[a, b]], apart: [[a, b]] } of registration ids.
  pairings: jsonb("pairings")
    .$type<{ together: [string, string][]; apart: [string, string][] }>()
    .notNull()
    .default({ together: [], apart: [] }),
});
export const gameStatus = pgEnum("game_status", ["playing", "finished", "cancelled"]);
// Games on court, and once finished, the match results the ladder is built from.
export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    courtId: uuid("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    teamA: text("team_a").array().notNull(),
    teamB: text("team_b").array().notNull(),
    status: gameStatus("status").notNull().default("playing"),
    // Who won, set with the result; the points are optional (a tap on the winner is a result).
    // Results from before this column have only the points: the higher score won.
    winner: text("winner").$type<"A" | "B">(),
    scoreA: integer("score_a"),
    scoreB: integer("score_b"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("games_org_session_idx").on(t.organizationId, t.sessionId, t.status),
    // The club's latest results, newest first: how long its games take (pace.ts), read before a
    // session has played enough of its own. Without it, each read sorted every game the club played.
    index("games_org_finished_idx").on(t.organizationId, t.endedAt).where(sql`${t.status} = 'finished'`),
  ],
);
/**
 * A queue row's counters as they were before a score: what an undo puts back. Of the partners
 * and opponents, how many there were: since the score only appended to them (and an undo is
 * refused once anything else changed the board), the undo cuts them back to those lengths.
 * Copying the lists themselves cost every score of a long night a read and a write of every
 * player's whole history. Rows kept before then hold the lists.
 */
export type QueueCounters = Pick<
  typeof queuePlayers.$inferSelect,
  | "registrationId"
  | "readySeq"
  | "readyAt"
  | "gamesPlayed"
  | "gamesWaited"
  | "sitOuts"
  | "winStreak"
  | "courtTarget"
> &
  (
    | { partnersKept: number; opponentsKept: number }
    | Pick<typeof queuePlayers.$inferSelect, "partners" | "opponents">
  );
// The session's latest score, undoable for a short while (score-actions.ts, undoScore): the
// queue's counters just before it and the board's version just after it. One per session: a newer
// score replaces it, and any other change to the board makes it stale (the version moves on).
export const scoreUndos = pgTable(
  "score_undos",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    versionAfter: integer("version_after").notNull(),
    counters: jsonb("counters").$type<QueueCounters[]>().notNull(),
    scoredAt: timestamp("scored_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sessionId] })],
);
export const unavailableCourts = pgTable(
  "unavailable_courts",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    courtId: uuid("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // Held by the session's event (its round robin plays here) rather than taken out of play:
    // one of a court's three owners at a moment (open play, the event, out of play). The event
    // hands it back when it finishes (event-courts.ts).
    forEvent: boolean("for_event").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.courtId] }),
    index("unavailable_courts_org_idx").on(t.organizationId),
  ],
);
// A TV at the club shows the board at /display/{token} without signing in.
export const displayTokens = pgTable(
  "display_tokens",
  {
    token: text("token").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("display_tokens_org_idx").on(t.organizationId)],
);
