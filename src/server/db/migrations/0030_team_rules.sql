-- Mixed doubles and separate games: a person's self-declared gender on their profile (optional),
-- copied to the queue when they check in, and each board's team rule (open by default).
CREATE TYPE "public"."gender" AS ENUM('woman', 'man');--> statement-breakpoint
CREATE TYPE "public"."team_rule" AS ENUM('open', 'mixed', 'separate');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gender" "gender";--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "teams" "team_rule" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_players" ADD COLUMN "gender" "gender";