CREATE TABLE "club_data_stamps" (
	"organization_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"stamp" bigint DEFAULT 0 NOT NULL,
	"raised_in" bigint,
	CONSTRAINT "club_data_stamps_organization_id_slot_pk" PRIMARY KEY("organization_id","slot")
);
--> statement-breakpoint
CREATE INDEX "session_registrations_user_idx" ON "session_registrations" USING btree ("user_id");
--> statement-breakpoint
-- A club's stamp goes up with every write to a row that its shared reads show (the sessions
-- list, a session's page, the members list, the public page; platform/club-reads), whoever
-- makes the write: a route of this instance or another's, a job, a cascade, a hand in psql.
-- The triggers are deferred to commit: the stamp's row lock is the transaction's last, so it
-- cannot close a cycle with the session and board locks taken before it, and a rolled-back
-- write leaves the stamp alone. (Two transactions that each raise several clubs, in opposite
-- orders, from connections that share a slot, could still deadlock; PostgreSQL then ends one,
-- which answers 503 and may be retried. The person trigger raises its clubs in order.)
--
-- The stamp is the sum of the club's slots; each connection adds to its own slot (16 per club),
-- so a club's concurrent commits rarely wait for one another. Every commit adds one to a slot
-- for each club it wrote, so the sum moves with every commit and never comes back to a value it
-- had. A transaction raises each club once (raised_in), however many of its rows it writes.
CREATE FUNCTION "raise_club_data_stamp"(club uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO club_data_stamps (organization_id, slot, stamp, raised_in)
  VALUES (club, pg_backend_pid() % 16, 1, txid_current())
  ON CONFLICT (organization_id, slot) DO UPDATE
    SET stamp = club_data_stamps.stamp + 1, raised_in = excluded.raised_in
    WHERE club_data_stamps.raised_in IS DISTINCT FROM excluded.raised_in
$$;
--> statement-breakpoint
-- For tables that lead with organization_id: the club before the change and the club after.
CREATE FUNCTION "club_row_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM raise_club_data_stamp(OLD.organization_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id) THEN
    PERFORM raise_club_data_stamp(NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The club's own row (its name, time zone, logo).
CREATE FUNCTION "club_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_club_data_stamp(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's name or address, shown in every club they belong to, and on the lists of every
-- session they registered for (in clubs they may since have left).
CREATE FUNCTION "person_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM raise_club_data_stamp(clubs.id) FROM (
    SELECT organization_id AS id FROM organization_members WHERE user_id = person
    UNION SELECT organization_id FROM session_registrations WHERE user_id = person
    ORDER BY id
  ) clubs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_stamp" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_registrations_stamp" AFTER INSERT OR UPDATE OR DELETE ON "session_registrations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organization_members_stamp" AFTER INSERT OR UPDATE OR DELETE ON "organization_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_roles_stamp" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_row_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organizations_stamp" AFTER UPDATE ON "organizations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_stamp" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION person_written();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_stamp" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION person_written();
