-- give_up_place (migration 0027) also counts a late drop: a player giving up their own
-- registered place after the session's refund cut-off gets half a strike (sessions/strikes.ts),
-- in the same statement, so a plain cancellation stays one statement and the rule one place.
CREATE OR REPLACE FUNCTION "give_up_place"(
  of_club uuid, of_session uuid, place uuid, for_person text, may_manage boolean, taken_at timestamptz,
  plain_only boolean
)
RETURNS TABLE (verdict text, session_now session_status, status_before registration_status)
LANGUAGE plpgsql AS $$
DECLARE
  now_status session_status;
  starts timestamptz;
  cutoff_hours integer;
  before registration_status;
  holder text;
BEGIN
  SELECT s.status, s.starts_at, s.refund_cutoff_hours INTO now_status, starts, cutoff_hours FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::session_status, NULL::registration_status;
    RETURN;
  END IF;
  SELECT r.status, r.user_id INTO before, holder FROM session_registrations r
    WHERE r.id = place AND r.session_id = of_session AND r.status <> 'cancelled'
      AND (may_manage OR r.user_id = for_person);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, now_status, NULL::registration_status;
    RETURN;
  END IF;
  IF plain_only AND (
    EXISTS (SELECT 1 FROM payments p WHERE p.organization_id = of_club AND p.registration_id = place)
    OR (
      session_open(now_status)
      AND EXISTS (
        SELECT 1 FROM session_registrations w
        WHERE w.session_id = of_session AND w.status = 'waitlisted' AND w.id <> place
      )
      AND session_has_room(of_session, place)
    )
  ) THEN
    RETURN QUERY SELECT 'follows'::text, now_status, before;
    RETURN;
  END IF;
  UPDATE session_registrations SET status = 'cancelled', checked_in_at = NULL, updated_at = taken_at
    WHERE id = place;
  IF before = 'registered' AND holder = for_person
    AND taken_at > starts - cutoff_hours * interval '1 hour' THEN
    INSERT INTO no_show_strikes (organization_id, session_id, user_id, kind, weight, created_at)
      VALUES (of_club, of_session, holder, 'late_drop', 0.5, taken_at)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT 'cancelled'::text, now_status, before;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION give_up_place(uuid, uuid, uuid, text, boolean, timestamptz, boolean) SET search_path = %s, pg_temp', quote_ident(current_schema()));
END
$$;
