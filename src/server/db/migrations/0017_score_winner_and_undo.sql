CREATE TABLE "score_undos" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"version_after" integer NOT NULL,
	"counters" jsonb NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_undos_organization_id_session_id_pk" PRIMARY KEY("organization_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "winner" text;--> statement-breakpoint
ALTER TABLE "score_undos" ADD CONSTRAINT "score_undos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_undos" ADD CONSTRAINT "score_undos_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_undos" ADD CONSTRAINT "score_undos_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;