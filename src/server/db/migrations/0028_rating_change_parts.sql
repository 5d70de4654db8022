-- Why a rating moved: each history row keeps its side's expected chance and the change's parts
-- (surprise, margin, certainty). Rows written before this carry the defaults until the next replay
-- of their club's format rewrites them (replay-store compares the parts too).
ALTER TABLE "rating_history" ADD COLUMN "expected" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "surprise" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "margin" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_history" ADD COLUMN "certainty" double precision DEFAULT 0 NOT NULL;