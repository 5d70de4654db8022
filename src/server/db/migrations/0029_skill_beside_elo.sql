-- The skill filter's estimate (shared/rating/skill.ts) beside each Elo rating: mu and sigma. Rows
-- written before carry a newcomer's defaults until the next replay of their club's format.
ALTER TABLE "player_ratings" ADD COLUMN "skill_mu" double precision DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD COLUMN "skill_sigma" double precision DEFAULT 130 NOT NULL;