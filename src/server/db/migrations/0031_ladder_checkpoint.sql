-- The ladder keeps a checkpoint (its last applied match) and each player's last match date, so
-- a result at the end of history is applied to the stored ratings alone instead of a replay.
-- Clubs without a checkpoint replay once on their next change and get one. A match's times are
-- kept to the millisecond, as the app reads them, so its place in replay order reads back exact.
CREATE TABLE "ladder_checkpoints" (
	"organization_id" uuid NOT NULL,
	"format" "match_format" NOT NULL,
	"played_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone,
	"match_id" uuid,
	CONSTRAINT "ladder_checkpoints_organization_id_format_pk" PRIMARY KEY("organization_id","format")
);
--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "played_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "player_ratings" ADD COLUMN "last_played_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ladder_checkpoints" ADD CONSTRAINT "ladder_checkpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_pending_idx" ON "matches" USING btree ("organization_id","format","created_at") WHERE "matches"."status" = 'pending';