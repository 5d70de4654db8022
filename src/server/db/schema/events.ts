// Events: a session run as a round robin (an Americano or a Mexicano) and its playoff. Owned by
// features/events. The session gives the event its registration, capacity, waitlist, lottery
// and payments; the event adds the plan, the scores and the standings.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt, updatedAt } from "./columns.js";
import { sessions } from "./sessions.js";

/**
 * americano: new partners every round, planned whole; mexicano: each round paired by standing;
 * boxes: a box ladder's night, a round robin in each box (a league's format); teams: pool play
 * of fixed teams, drawn even by rating.
 */
export const eventFormat = pgEnum("event_format", ["americano", "mexicano", "boxes", "teams"]);
/** rounds: the round robin is on; playoff: the bracket is on; finished: the record stands. */
export const eventPhase = pgEnum("event_phase", ["rounds", "playoff", "finished"]);

/**
 * A league: a weekly series of sessions (sessions.series_id) run as events with the same
 * settings, its standings kept over the season. Each week's event is started from those who
 * came that week; an Americano league looks for partners new over the season, a box ladder
 * carries its boxes from week to week with promotion and relegation.
 */
export const leagues = pgTable(
  "leagues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id").notNull(),
    name: text("name").notNull(),
    format: eventFormat("format").notNull(),
    courts: integer("courts").notNull(),
    rounds: integer("rounds").notNull(),
    roundMinutes: integer("round_minutes"),
    playTo: integer("play_to"),
    /** A box ladder's box size (4 to 6) and how many move up and down each week. */
    boxSize: integer("box_size").notNull().default(5),
    boxMoves: integer("box_moves").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("leagues_series_key").on(t.organizationId, t.seriesId)],
);

/** player: plays the season (in a league of teams, on a team); substitute: on the sub list. */
export const leagueRole = pgEnum("league_role", ["player", "substitute"]);

/** A fixed team of a league of teams: two players who sign up together for the season. */
export const leagueTeams = pgTable(
  "league_teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    leagueId: uuid("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** When the team left the league: its season stays in the standings, off the roster. */
    leftAt: timestamp("left_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("league_teams_league_idx").on(t.leagueId, t.createdAt)],
);

/**
 * The league's roster: its season's players (each on a team in a league of teams) and its
 * substitutes. One entry a person a league. A week is still opted into by registering for its
 * session; the roster says who the season is for and whom to ask when a place is short.
 */
export const leagueEntries = pgTable(
  "league_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    leagueId: uuid("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: leagueRole("role").notNull(),
    teamId: uuid("team_id").references(() => leagueTeams.id, { onDelete: "cascade" }),
    /**
     * A partner a member named for their team, until they accept: the team is off the season
     * (its nights, its standings) until then, and either of them can call it off.
     */
    pending: boolean("pending").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("league_entries_person_key").on(t.leagueId, t.userId),
    index("league_entries_user_idx").on(t.userId),
    index("league_entries_team_idx").on(t.teamId),
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    format: eventFormat("format").notNull(),
    courts: integer("courts").notNull(),
    rounds: integer("rounds").notNull(),
    /** A timed round's length (null: untimed, first to play_to). */
    roundMinutes: integer("round_minutes"),
    /** Points that win a game (null: timed, the higher score when time is called). */
    playTo: integer("play_to"),
    seed: integer("seed").notNull(),
    /** The league this week belongs to, if any. */
    leagueId: uuid("league_id").references(() => leagues.id, { onDelete: "set null" }),
    /** A box ladder's boxes tonight: entrant ids, best box first, each in its order. */
    boxes: jsonb("boxes").$type<string[][]>(),
    /** Pool play's fixed teams: pairs of entrant ids, best-rated first. */
    teams: jsonb("teams").$type<string[][]>(),
    /**
     * In a league of fixed teams, each of `teams`' league team (league_teams.id), in the same
     * order; null for a team made for the night alone (two players without a team).
     */
    teamKeys: jsonb("team_keys").$type<Array<string | null>>(),
    /**
     * The club courts the event holds, in its court order (its court 1 is the first): handed to it
     * by the board when it starts, given back when it finishes. Empty for events from before.
     */
    courtIds: uuid("court_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The entrants: the session's registration ids (guests included), in the plan's order. */
    entrants: uuid("entrants").array().notNull(),
    phase: eventPhase("phase").notNull().default("rounds"),
    /** The round on now (1-based); in the playoff, its round. */
    round: integer("round").notNull().default(1),
    roundStartedAt: timestamp("round_started_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One event a session: the session is the event's registration.
    uniqueIndex("events_session_key").on(t.sessionId),
    index("events_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/** round: a game of the round robin; playoff: a bracket match; bronze: the third-place match. */
export const eventStage = pgEnum("event_stage", ["round", "playoff", "bronze"]);
/** planned: to play; reported: one side's score waits for the other's; confirmed: it counts. */
export const eventGameStatus = pgEnum("event_game_status", ["planned", "reported", "confirmed"]);

export const eventGames = pgTable(
  "event_games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    stage: eventStage("stage").notNull(),
    round: integer("round").notNull(),
    /** The game's place in its round: the court in the round robin, the match in a bracket. */
    slot: integer("slot").notNull(),
    court: integer("court").notNull(),
    teamA: uuid("team_a").array().notNull(),
    /** Empty for a bracket bye: team A goes through. */
    teamB: uuid("team_b").array().notNull(),
    scoreA: integer("score_a"),
    scoreB: integer("score_b"),
    status: eventGameStatus("status").notNull().default("planned"),
    /** The side whose player entered the score waiting for the other side's confirmation. */
    reportedSide: text("reported_side").$type<"A" | "B">(),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("event_games_slot_key").on(t.eventId, t.stage, t.round, t.slot),
    index("event_games_unconfirmed_idx").on(t.eventId).where(sql`${t.status} <> 'confirmed'`),
  ],
);
