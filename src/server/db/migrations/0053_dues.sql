CREATE TYPE "public"."dues_status" AS ENUM('active', 'past_due', 'lapsed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."plan_discount" AS ENUM('none', 'percent', 'amount');--> statement-breakpoint
CREATE TYPE "public"."plan_interval" AS ENUM('month', 'year', 'season');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('individual', 'household');--> statement-breakpoint
CREATE TABLE "dues_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"provider_event_id" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" "plan_kind" DEFAULT 'individual' NOT NULL,
	"household_size" integer,
	"price_cents" integer NOT NULL,
	"interval" "plan_interval" NOT NULL,
	"season_starts_on" date,
	"season_ends_on" date,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"discount" "plan_discount" DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"members_only_access" boolean DEFAULT true NOT NULL,
	"early_days" integer DEFAULT 0 NOT NULL,
	"superseded_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" "dues_status" NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"grace_ends_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_events" ADD CONSTRAINT "dues_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_events" ADD CONSTRAINT "dues_events_membership_id_plan_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."plan_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_events_provider_event_key" ON "dues_events" USING btree ("provider_event_id");--> statement-breakpoint
CREATE INDEX "dues_events_membership_idx" ON "dues_events" USING btree ("membership_id","occurred_at");--> statement-breakpoint
CREATE INDEX "membership_plans_org_idx" ON "membership_plans" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_family_version_key" ON "membership_plans" USING btree ("organization_id","family_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_one_current_key" ON "membership_plans" USING btree ("organization_id","family_id") WHERE "membership_plans"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_memberships_org_user_key" ON "plan_memberships" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_plan_idx" ON "plan_memberships" USING btree ("plan_id");