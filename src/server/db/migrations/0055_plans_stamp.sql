-- The plans a club offers show on its public page (decision 039), a shared read kept until the
-- club's data changes: a plan made, changed, hidden or retired raises the club's stamp, as a
-- session does (0013_club_data_stamps.sql).
CREATE CONSTRAINT TRIGGER "membership_plans_stamp" AFTER INSERT OR UPDATE OR DELETE ON "membership_plans"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
