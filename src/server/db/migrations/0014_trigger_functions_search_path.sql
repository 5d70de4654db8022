-- The club data stamps' functions name their tables without a schema, and triggers run them
-- inside every writer's transaction: each now resolves names in the schema it was made in (the
-- search path of this migration), whatever search path the writing session has set.
ALTER FUNCTION "raise_club_data_stamp"(uuid) SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "club_row_written"() SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "club_written"() SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "person_written"() SET search_path FROM CURRENT;
