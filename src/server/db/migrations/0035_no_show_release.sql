-- No-shows at check-in (sessions/no-shows.ts): when places not checked in are released to
-- those standing by, when that happened, and each member's strikes (a no-show, a late drop).
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
ALTER TABLE "sessions" ADD COLUMN "no_show_release_minutes" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "no_shows_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_strikes" ADD CONSTRAINT "no_show_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_show_strikes_club_idx" ON "no_show_strikes" USING btree ("organization_id","created_at");