ALTER TABLE "boards" ADD COLUMN "event_players" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "unavailable_courts" ADD COLUMN "for_event" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "court_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;