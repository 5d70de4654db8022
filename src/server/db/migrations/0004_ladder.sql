CREATE TYPE "public"."match_format" AS ENUM('singles', 'doubles');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('pending', 'confirmed', 'disputed', 'voided');--> statement-breakpoint
CREATE TABLE "match_result_events" (
	"organization_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"delta" double precision NOT NULL,
	"rating_after" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "match_result_events_organization_id_match_id_user_id_pk" PRIMARY KEY("organization_id","match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"format" "match_format" NOT NULL,
	"team_a" text[] NOT NULL,
	"team_b" text[] NOT NULL,
	"games" jsonb NOT NULL,
	"winner" text NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"status" "match_status" DEFAULT 'pending' NOT NULL,
	"logged_by" text,
	"answered_by" text,
	"game_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_ratings" (
	"organization_id" uuid NOT NULL,
	"format" "match_format" NOT NULL,
	"user_id" text NOT NULL,
	"rating" double precision NOT NULL,
	"last_change" double precision NOT NULL,
	"streak" integer NOT NULL,
	"games" integer NOT NULL,
	"wins" integer NOT NULL,
	CONSTRAINT "player_ratings_organization_id_format_user_id_pk" PRIMARY KEY("organization_id","format","user_id")
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"organization_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"format" "match_format" NOT NULL,
	"rating_after" double precision NOT NULL,
	"delta" double precision NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rating_history_organization_id_match_id_user_id_pk" PRIMARY KEY("organization_id","match_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "match_result_events" ADD CONSTRAINT "match_result_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_result_events" ADD CONSTRAINT "match_result_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_result_events" ADD CONSTRAINT "match_result_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_logged_by_users_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_org_format_played_idx" ON "matches" USING btree ("organization_id","format","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_game_key" ON "matches" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "rating_history_player_idx" ON "rating_history" USING btree ("organization_id","user_id","played_at");