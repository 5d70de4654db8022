-- A league's name shows on the club's public page beside its weeks' sessions (issue 34), a
-- shared read kept until the club's data changes: a league made, renamed or removed raises the
-- club's stamp, as a session does (0013_club_data_stamps.sql).
CREATE CONSTRAINT TRIGGER "leagues_stamp" AFTER INSERT OR UPDATE OR DELETE ON "leagues"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
