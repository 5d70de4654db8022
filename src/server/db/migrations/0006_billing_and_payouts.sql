CREATE TYPE "public"."paid_plan" AS ENUM('basic', 'pro');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refund_pending';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_records" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "subscription_plan" "paid_plan";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_customer_ref" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payout_account_ref" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payout_details_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payout_charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_account_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "application_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refund_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_billing_customer_ref_key" ON "organizations" USING btree ("billing_customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_payout_account_ref_key" ON "organizations" USING btree ("payout_account_ref");