CREATE TABLE "ladder_stamps" (
	"organization_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL,
	"raised_in" bigint,
	CONSTRAINT "ladder_stamps_organization_id_slot_pk" PRIMARY KEY("organization_id","slot")
);
--> statement-breakpoint
-- A club's ladder stamp goes up with every commit that writes its matches or its ladder's
-- checkpoint: a match logged, answered, edited or deleted, a board result, and every replay
-- or append of the ratings (each writes the checkpoint, with the ratings and their history).
-- The ladder's pages are kept per instance until it moves. Slots, deferral and raised_in work
-- as the club data stamp's do (0013_club_data_stamps.sql).
CREATE FUNCTION "raise_ladder_stamp"(club uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ladder_stamps (organization_id, slot, stamp, raised_in)
  VALUES (club, pg_backend_pid() % 16, 1, txid_current())
  ON CONFLICT (organization_id, slot) DO UPDATE
    SET stamp = ladder_stamps.stamp + 1, raised_in = excluded.raised_in
    WHERE ladder_stamps.raised_in IS DISTINCT FROM excluded.raised_in
$$;
--> statement-breakpoint
CREATE FUNCTION "ladder_row_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM raise_ladder_stamp(OLD.organization_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id) THEN
    PERFORM raise_ladder_stamp(NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "matches_ladder_stamp" AFTER INSERT OR UPDATE OR DELETE ON "matches"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ladder_row_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ladder_checkpoints_stamp" AFTER INSERT OR UPDATE OR DELETE ON "ladder_checkpoints"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ladder_row_written();
