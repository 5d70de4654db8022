-- Reading the ladder and its matches without reading all of them: a club's latest matches,
-- newest first, from an index on their played order; a player's, by containment in either team
-- (GIN); the ladder a page at a time, and a rank, from an index in the ladder's order.
CREATE INDEX "matches_org_played_idx" ON "matches" USING btree ("organization_id","played_at","created_at");--> statement-breakpoint
CREATE INDEX "matches_team_a_idx" ON "matches" USING gin ("team_a");--> statement-breakpoint
CREATE INDEX "matches_team_b_idx" ON "matches" USING gin ("team_b");--> statement-breakpoint
CREATE INDEX "player_ratings_ladder_idx" ON "player_ratings" USING btree ("organization_id","format","rating","games","user_id");