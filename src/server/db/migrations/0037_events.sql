-- Events (issue 34): a session run as a round robin (Americano, Mexicano, a box ladder's night, or pool play of fixed teams) with a playoff, and leagues over a weekly series; their games feed the ladder (matches.event_game_id, event_name).
CREATE TYPE "public"."event_format" AS ENUM('americano', 'mexicano', 'boxes', 'teams');--> statement-breakpoint
CREATE TYPE "public"."event_game_status" AS ENUM('planned', 'reported', 'confirmed');--> statement-breakpoint
CREATE TYPE "public"."event_phase" AS ENUM('rounds', 'playoff', 'finished');--> statement-breakpoint
CREATE TYPE "public"."event_stage" AS ENUM('round', 'playoff', 'bronze');--> statement-breakpoint
CREATE TABLE "event_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"stage" "event_stage" NOT NULL,
	"round" integer NOT NULL,
	"slot" integer NOT NULL,
	"court" integer NOT NULL,
	"team_a" uuid[] NOT NULL,
	"team_b" uuid[] NOT NULL,
	"score_a" integer,
	"score_b" integer,
	"status" "event_game_status" DEFAULT 'planned' NOT NULL,
	"reported_side" text,
	"reported_by" text,
	"reported_at" timestamp with time zone,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"format" "event_format" NOT NULL,
	"courts" integer NOT NULL,
	"rounds" integer NOT NULL,
	"round_minutes" integer,
	"play_to" integer,
	"seed" integer NOT NULL,
	"league_id" uuid,
	"boxes" jsonb,
	"teams" jsonb,
	"entrants" uuid[] NOT NULL,
	"phase" "event_phase" DEFAULT 'rounds' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"round_started_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" "event_format" NOT NULL,
	"courts" integer NOT NULL,
	"rounds" integer NOT NULL,
	"round_minutes" integer,
	"play_to" integer,
	"box_size" integer DEFAULT 5 NOT NULL,
	"box_moves" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "event_game_id" uuid;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "event_name" text;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_games_slot_key" ON "event_games" USING btree ("event_id","stage","round","slot");--> statement-breakpoint
CREATE INDEX "event_games_unconfirmed_idx" ON "event_games" USING btree ("event_id") WHERE "event_games"."status" <> 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "events_session_key" ON "events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "events_org_idx" ON "events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_series_key" ON "leagues" USING btree ("organization_id","series_id");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_event_game_id_event_games_id_fk" FOREIGN KEY ("event_game_id") REFERENCES "public"."event_games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_event_game_key" ON "matches" USING btree ("event_game_id");