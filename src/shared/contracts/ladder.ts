// The ladder: ratings from counted matches, logging and answering matches, a player's page.
import { z } from "zod";
import { GAME_TARGETS, gameScoreProblem, matchWinner } from "../rating/scores.js";
import { orgParams, patternText } from "./common.js";
import { pageOf, pageQuery } from "./paging.js";

export const matchFormat = z.enum(["singles", "doubles"]);
export type MatchFormat = z.infer<typeof matchFormat>;
export const teamSize: Record<MatchFormat, number> = { singles: 1, doubles: 2 };

export const ladderQuery = z.object({ format: matchFormat.default("doubles") });
/**
 * The ladder a page at a time, from the top. The cursor holds the last row's rating, games, id
 * and rank: the next page starts below it and counts on from its rank.
 */
export const ladderPageQuery = pageQuery(
  z.tuple([z.number(), z.number().int().min(0), z.string().max(100), z.number().int().min(1).max(1_000_000)]),
).extend({ format: matchFormat.default("doubles") });

export const ladderRow = z.object({
  rank: z.number().int(),
  userId: z.string(),
  name: z.string(),
  rating: z.number().int(),
  change: z.number().int(),
  streak: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
  /** Too few matches for the rating to be sure (shared/rating/skill.ts isProvisional). */
  provisional: z.boolean(),
});
export type LadderRow = z.infer<typeof ladderRow>;

export const ladderView = z.object({
  format: matchFormat,
  rows: z.array(ladderRow),
  /** Whether the club has any counted match, in either format. */
  hasMatches: z.boolean(),
  /** The cursor of the next page (null: the last). */
  next: z.string().nullable(),
  /**
   * Over the whole ladder, on the first page only (null on the others): the top, the longest
   * winning streak and the most games.
   */
  summary: z.object({ top: ladderRow, longestStreak: ladderRow, busiest: ladderRow }).nullable(),
});
export type LadderView = z.infer<typeof ladderView>;

const player = z.object({ userId: z.string(), name: z.string() });
const scoreFormat = "Enter each game's score like 11-7.";
const points = z.number({ error: scoreFormat }).int(scoreFormat).min(0, scoreFormat).max(99, scoreFormat);
const gameScore = z.object({ a: points, b: points });

/**
 * A rating change in parts a player can read: their side's expected chance (percent), and the
 * change's parts in whole points, which add up to the change shown.
 */
export const changeExplained = z.object({
  expectedPercent: z.number().int().min(0).max(100),
  surprise: z.number().int(),
  margin: z.number().int(),
  certainty: z.number().int(),
});
export type ChangeExplained = z.infer<typeof changeExplained>;

export const matchView = z.object({
  id: z.uuid(),
  format: matchFormat,
  teamA: z.array(player),
  teamB: z.array(player),
  games: z.array(gameScore),
  winner: z.enum(["A", "B"]),
  playedAt: z.iso.datetime(),
  status: z.enum(["pending", "confirmed", "disputed", "voided"]),
  /** Counted in the ratings now (confirmed, or pending for more than 48 hours). */
  counts: z.boolean(),
  fromBoard: z.boolean(),
  /** The event it was played in ("Saturday Americano"), when it came from one. */
  eventName: z.string().nullable(),
  loggedBy: z.string().nullable(),
  /** The viewer is on the other side of a pending match: they confirm or dispute it. */
  canAnswer: z.boolean(),
  /** Each player's rating change from this match, when it counts. */
  deltas: z.record(z.string(), z.number().int()),
  /** Why each player's rating moved, when it counts (rating/explain.ts). */
  why: z.record(z.string(), changeExplained),
});
export type MatchView = z.infer<typeof matchView>;
export const matchPage = pageOf("matches", matchView);

/**
 * The club's matches a page at a time, newest first; or one player's (their page's history).
 * The cursor holds the last match's played and logged instants (milliseconds, as stored) and id.
 */
export const matchesQuery = pageQuery(z.tuple([z.iso.datetime(), z.iso.datetime(), z.uuid()])).extend({
  status: z.enum(["pending", "disputed", "all"]).default("all"),
  player: z.string().min(1).max(100).optional(),
});
export type MatchesQuery = z.infer<typeof matchesQuery>;

const messages = {
  sides: "Pick the players of both sides.",
  twice: "A player can only be on one side, once.",
  tie: "The games must have a winner.",
};

/** A match as logged or edited: both sides from the club's members, and its game scores. */
export const matchBody = z
  .object({
    format: matchFormat,
    // Member ids, looked up in the club: never shown as sent.
    teamA: z.array(patternText(z.string().min(1).max(100))).max(2),
    teamB: z.array(patternText(z.string().min(1).max(100))).max(2),
    target: z.union(
      GAME_TARGETS.map((t) => z.literal(t)) as [z.ZodLiteral<11>, z.ZodLiteral<15>, z.ZodLiteral<21>],
    ),
    games: z.array(gameScore).min(1, scoreFormat).max(5, "A match has at most 5 games."),
    playedAt: z.iso.date({ error: "Pick the date of the match." }),
  })
  .superRefine((body, ctx) => {
    const size = teamSize[body.format];
    if (body.teamA.length !== size || body.teamB.length !== size)
      ctx.addIssue({ code: "custom", path: ["teamB"], message: messages.sides });
    if (new Set([...body.teamA, ...body.teamB]).size !== body.teamA.length + body.teamB.length)
      ctx.addIssue({ code: "custom", path: ["teamB"], message: messages.twice });
    body.games.forEach((game, index) => {
      const problem = gameScoreProblem(game, body.target);
      if (problem) ctx.addIssue({ code: "custom", path: ["games", index], message: problem });
    });
    if (matchWinner(body.games) === null)
      ctx.addIssue({ code: "custom", path: ["games"], message: messages.tie });
  });
export type MatchBody = z.infer<typeof matchBody>;

export const matchParams = orgParams.extend({ matchId: z.uuid() });
export const decideBody = z.object({ outcome: z.enum(["count", "void"]) });
export const playerParams = orgParams.extend({ userId: z.string().min(1).max(100) });

const formatRating = z.object({
  rating: z.number().int(),
  provisional: z.boolean(),
  /** How sure: the skill estimate's 95% range is the rating plus or minus this many points. */
  plusMinus: z.number().int(),
  rank: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
  streak: z.number().int(),
});

export const playerView = z.object({
  userId: z.string(),
  name: z.string(),
  ratings: z.object({ singles: formatRating.nullable(), doubles: formatRating.nullable() }),
  history: z.array(
    z.object({
      matchId: z.uuid(),
      format: matchFormat,
      playedAt: z.iso.datetime(),
      rating: z.number().int(),
    }),
  ),
  /** Their latest matches: the first page of the matches list for this player. */
  recent: z.array(matchView),
  /** Where the next page of their matches starts (the matches list's cursor), if there is one. */
  recentNext: z.string().nullable(),
  /** Over the player's latest PARTNER_MATCHES doubles matches. */
  partners: z.array(player.extend({ games: z.number().int(), wins: z.number().int() })),
});
export type PlayerView = z.infer<typeof playerView>;

/** A player's partners are counted over this many of their latest doubles matches. */
export const PARTNER_MATCHES = 100;
