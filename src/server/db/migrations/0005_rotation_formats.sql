ALTER TYPE "public"."rotation_mode" ADD VALUE 'skill-balanced';--> statement-breakpoint
ALTER TYPE "public"."rotation_mode" ADD VALUE 'king-of-the-court';--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "singles_courts" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "pairings" jsonb DEFAULT '{"together":[],"apart":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_players" ADD COLUMN "games_credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_players" ADD COLUMN "wants_bye" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_players" ADD COLUMN "court_target" uuid;