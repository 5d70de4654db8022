ALTER TABLE "dues_checkouts" ALTER COLUMN "provider_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_checkouts" ADD COLUMN "claimed_until" timestamp with time zone;