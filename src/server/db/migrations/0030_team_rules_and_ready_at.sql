-- Mixed doubles and separate games: a person's self-declared gender on their profile (optional;
-- the board reads it from there, no copy is kept), and each board's team rule (open by default).
-- And when a queued player last became ready (checked in, off court, back from a break): the
-- engine's longest-wait rule counts from it. Rows from before stay null: no cap for them.
CREATE TYPE "public"."gender" AS ENUM('woman', 'man');--> statement-breakpoint
CREATE TYPE "public"."team_rule" AS ENUM('open', 'mixed', 'separate');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gender" "gender";--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "teams" "team_rule" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_players" ADD COLUMN "ready_at" timestamp with time zone;