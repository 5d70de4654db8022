ALTER TABLE "plan_memberships" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "membership_dues" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "plan_memberships_reconcile_idx" ON "plan_memberships" USING btree ("reconciled_at") WHERE "plan_memberships"."provider_ref" is not null;