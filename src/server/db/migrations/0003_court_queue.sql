CREATE TYPE "public"."board_court_status" AS ENUM('free', 'playing', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."game_status" AS ENUM('playing', 'finished', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."rotation_mode" AS ENUM('fair', 'paddle-stack', 'winners-stay');--> statement-breakpoint
CREATE TABLE "boards" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"mode" "rotation_mode" DEFAULT 'fair' NOT NULL,
	"balance_by_rating" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"next_seq" integer DEFAULT 1 NOT NULL,
	"seed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"court_id" uuid NOT NULL,
	"team_a" text[] NOT NULL,
	"team_b" text[] NOT NULL,
	"status" "game_status" DEFAULT 'playing' NOT NULL,
	"score_a" integer,
	"score_b" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_players" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"ready_seq" integer NOT NULL,
	"arrived_seq" integer NOT NULL,
	"games_played" integer DEFAULT 0 NOT NULL,
	"games_waited" integer DEFAULT 0 NOT NULL,
	"sit_outs" integer DEFAULT 0 NOT NULL,
	"win_streak" integer DEFAULT 0 NOT NULL,
	"on_break" boolean DEFAULT false NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"partners" text[] DEFAULT '{}'::text[] NOT NULL,
	"opponents" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unavailable_courts" (
	"session_id" uuid NOT NULL,
	"court_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "unavailable_courts_session_id_court_id_pk" PRIMARY KEY("session_id","court_id")
);
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notices" ADD CONSTRAINT "player_notices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notices" ADD CONSTRAINT "player_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_players" ADD CONSTRAINT "queue_players_registration_id_session_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."session_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_players" ADD CONSTRAINT "queue_players_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_players" ADD CONSTRAINT "queue_players_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_courts" ADD CONSTRAINT "unavailable_courts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_courts" ADD CONSTRAINT "unavailable_courts_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_courts" ADD CONSTRAINT "unavailable_courts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_tokens_org_idx" ON "display_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "games_org_session_idx" ON "games" USING btree ("organization_id","session_id","status");--> statement-breakpoint
CREATE INDEX "player_notices_org_idx" ON "player_notices" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "queue_players_org_session_idx" ON "queue_players" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "unavailable_courts_org_idx" ON "unavailable_courts" USING btree ("organization_id");