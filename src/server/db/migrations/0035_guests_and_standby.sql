-- Fair access, the rest of it (issue 33; decision 028): members' guests (the club's guest rules;
-- on a registration the member who brought the guest and the guest's address), players who walk
-- up to a full session and stand by (walked_up), and the club's own strike rule and no-show
-- refunds. The rules in 0036.
ALTER TABLE "organizations" ADD COLUMN "guests_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "guests_per_month" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "guest_price" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "strike_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "strike_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "refund_no_shows" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_registrations" ADD COLUMN "brought_by" text;--> statement-breakpoint
ALTER TABLE "session_registrations" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "session_registrations" ADD COLUMN "walked_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_registrations" ADD CONSTRAINT "session_registrations_brought_by_users_id_fk" FOREIGN KEY ("brought_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_registrations_one_guest_key" ON "session_registrations" USING btree ("session_id","brought_by",lower("guest_name")) WHERE "session_registrations"."status" <> 'cancelled' and "session_registrations"."brought_by" is not null;--> statement-breakpoint
CREATE INDEX "session_registrations_brought_by_idx" ON "session_registrations" USING btree ("brought_by") WHERE "session_registrations"."brought_by" is not null;--> statement-breakpoint
CREATE INDEX "session_registrations_guest_email_idx" ON "session_registrations" USING btree ("organization_id",lower("guest_email")) WHERE "session_registrations"."user_id" is null and "session_registrations"."guest_email" is not null;