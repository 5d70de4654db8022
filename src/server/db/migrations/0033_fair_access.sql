-- Fair access to a full session (issue 33; decision 027): when registration opens (and an
-- earlier window for members in good standing); a lottery (requests until the draw are entries,
-- status 'entered', holding no place; at the draw places go in a weighted random order and the
-- rest become the waitlist), its seed chosen when it is set (only its hash shown until the
-- draw), and each entrant's part in each draw kept for the next draws' weights; no-shows
-- released at check-in,
-- when a place was given (placed_at), and each member's strikes. The rules change in 0034.
ALTER TYPE "public"."registration_status" ADD VALUE 'entered';--> statement-breakpoint
CREATE TABLE "lottery_results" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"losses_before" integer NOT NULL,
	"weight" integer NOT NULL,
	"ticket" double precision NOT NULL,
	"assured" boolean NOT NULL,
	"position" integer NOT NULL,
	"won" boolean NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_results_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "no_show_strikes" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"weight" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "no_show_strikes_session_id_user_id_kind_pk" PRIMARY KEY("session_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "session_registrations" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "early_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lottery_draw_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lottery_lookback_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lottery_guarantee_after" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lottery_seed" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lottery_drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "no_show_release_minutes" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "no_shows_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_results" ADD CONSTRAINT "lottery_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_results" ADD CONSTRAINT "lottery_results_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_results" ADD CONSTRAINT "lottery_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_results_person_idx" ON "lottery_results" USING btree ("organization_id","user_id","drawn_at");--> statement-breakpoint
CREATE INDEX "no_show_strikes_club_idx" ON "no_show_strikes" USING btree ("organization_id","created_at");