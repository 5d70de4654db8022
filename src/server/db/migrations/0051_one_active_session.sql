-- A club runs one session at a time (docs/decisions/036). Where several were active at once (a
-- session started a day early beside tonight's), the latest to start stays on, the one every
-- board already showed; the others are completed, as an organizer would have.
UPDATE "sessions" SET "status" = 'completed', "updated_at" = now()
WHERE "status" = 'active' AND "id" NOT IN (
  SELECT DISTINCT ON ("organization_id") "id" FROM "sessions"
  WHERE "status" = 'active' ORDER BY "organization_id", "starts_at" DESC
);--> statement-breakpoint
DROP INDEX "sessions_active_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_active_key" ON "sessions" USING btree ("organization_id") WHERE "sessions"."status" = 'active';
