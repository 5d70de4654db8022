// The ladder: matches, ratings and their history. Owned by features/ladder.

import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt, updatedAt } from "./columns.js";
import { games } from "./courts.js";
import { eventGames } from "./events.js";

// Matches are the source of truth; ratings, history and events are a stored replay of the
// counted matches, recomputed in the same transaction as any change (features/ladder).

export const matchFormat = pgEnum("match_format", ["singles", "doubles"]);
/** pending: waiting for the other side (counts after 48 hours); disputed: waits for an organizer. */
export const matchStatus = pgEnum("match_status", ["pending", "confirmed", "disputed", "voided"]);
export const matches = pgTable(
  "matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    teamA: text("team_a").array().notNull(),
    teamB: text("team_b").array().notNull(),
    games: jsonb("games").$type<Array<{ a: number; b: number }>>().notNull(),
    winner: text("winner").$type<"A" | "B">().notNull(),
    // Milliseconds, as JavaScript holds them: the checkpoint compares a match's place in replay
    // order (played, logged, id) as read back, and a microsecond the app never saw would put
    // the checkpoint's own match after itself.
    playedAt: timestamp("played_at", { withTimezone: true, precision: 3 }).notNull(),
    status: matchStatus("status").notNull().default("pending"),
    loggedBy: text("logged_by").references(() => users.id, { onDelete: "set null" }),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    /** The board game this match came from, when it was scored on the court board. */
    gameId: uuid("game_id").references(() => games.id, { onDelete: "set null" }),
    /** The event game this match came from (a round robin or playoff game, confirmed). */
    eventGameId: uuid("event_game_id").references(() => eventGames.id, { onDelete: "set null" }),
    /** The event's name as it was played ("Saturday Americano"), shown with the match. */
    eventName: text("event_name"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("matches_org_format_played_idx").on(t.organizationId, t.format, t.playedAt),
    uniqueIndex("matches_game_key").on(t.gameId),
    uniqueIndex("matches_event_game_key").on(t.eventGameId),
    // The club's latest matches, newest first, whatever their format (the ladder's recent
    // matches, the dashboard): read from the top, not sorted out of every match it has.
    index("matches_org_played_idx").on(t.organizationId, t.playedAt, t.createdAt),
    // A player's matches (their page): by containment in either team, not a scan of the club's.
    index("matches_team_a_idx").using("gin", t.teamA),
    index("matches_team_b_idx").using("gin", t.teamB),
    // The few matches waiting for an answer: found without reading a club's whole history.
    index("matches_pending_idx")
      .on(t.organizationId, t.format, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export const playerRatings = pgTable(
  "player_ratings",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: doublePrecision("rating").notNull(),
    lastChange: doublePrecision("last_change").notNull(),
    streak: integer("streak").notNull(),
    games: integer("games").notNull(),
    wins: integer("wins").notNull(),
    // The skill filter's estimate beside the Elo rating (shared/rating/skill.ts): how strong
    // and how sure. Skill-balanced play weighs teams by it; a wide sigma shows as provisional.
    skillMu: doublePrecision("skill_mu").notNull().default(1500),
    skillSigma: doublePrecision("skill_sigma").notNull().default(130),
    /** The player's last counted match: the skill filter widens sigma with the days since. */
    lastPlayedAt: timestamp("last_played_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.format, t.userId] }),
    // The ladder in its order (rating, games, id, from the top), a page at a time, and a
    // player's rank (how many stand above them): both read from this index, not sorted.
    index("player_ratings_ladder_idx").on(t.organizationId, t.format, t.rating, t.games, t.userId),
    // The ladder's first page names its longest streak and its busiest player: each the first
    // row of one of these, where without them every read sorted the whole ladder (2,000 rows
    // in a big club) twice.
    index("player_ratings_streak_idx").on(t.organizationId, t.format, t.streak, t.rating, t.games, t.userId),
    index("player_ratings_games_idx").on(t.organizationId, t.format, t.games, t.rating, t.userId),
  ],
);
export const ratingHistory = pgTable(
  "rating_history",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    ratingAfter: doublePrecision("rating_after").notNull(),
    delta: doublePrecision("delta").notNull(),
    // Why the rating moved (shared/rating ChangeParts): the player's side's expected chance,
    // and the change's parts, which sum to delta.
    expected: doublePrecision("expected").notNull().default(0.5),
    surprise: doublePrecision("surprise").notNull().default(0),
    margin: doublePrecision("margin").notNull().default(0),
    certainty: doublePrecision("certainty").notNull().default(0),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.matchId, t.userId] }),
    index("rating_history_player_idx").on(t.organizationId, t.userId, t.playedAt),
  ],
);

/**
 * The last counted match the stored ratings include, in replay order (played, logged, id). A
 * result after it is applied to the stored ratings alone; a change at or before it replays.
 * No row (or no match) means nothing is applied yet.
 */
export const ladderCheckpoints = pgTable(
  "ladder_checkpoints",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    format: matchFormat("format").notNull(),
    playedAt: timestamp("played_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }),
    matchId: uuid("match_id"),
    // When the last change applied this one match alone: its players' lines before it and the
    // checkpoint before it, so that taking it back (a board undo, a delete of tonight's last
    // result) steps the ladder back instead of replaying the club's history. Null otherwise.
    beforeLast: jsonb("before_last").$type<BeforeLast>(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.format] })],
);

/** A player's stored line, as it was before the checkpoint's match; null: they had none. */
export type StoredLine = Omit<
  typeof playerRatings.$inferSelect,
  "organizationId" | "format" | "userId" | "lastPlayedAt"
> & {
  lastPlayedAt: string | null;
};
/** What stepping back from the checkpoint's match restores (ladder-append.ts stepBack). */
export type BeforeLast = {
  last: { playedAt: string; createdAt: string; id: string } | null;
  lines: Array<{ userId: string; line: StoredLine | null }>;
};

/** One row per player of each match the first time it counts: the notifications' outbox. */
export const matchResultEvents = pgTable(
  "match_result_events",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: doublePrecision("delta").notNull(),
    ratingAfter: doublePrecision("rating_after").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.matchId, t.userId] }),
    // The results sweep after every counted match looks for the few events not yet emailed:
    // without this it read every event the clubs ever had (80,000 at the big club's size).
    index("match_result_events_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);
