-- The club data stamps' functions name their tables without a schema, and triggers run them
-- inside every writer's transaction. Each now resolves names in the schema its tables were
-- made in (this migration's current schema), then pg_temp, whatever search path the writing
-- session has set. Named, not FROM CURRENT: a search path of "$user", public would be read
-- again for whichever role writes.
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION raise_club_data_stamp(uuid) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION club_row_written() SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION club_written() SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION person_written() SET search_path = %s, pg_temp', home);
END
$$;
