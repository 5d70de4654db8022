-- Registering for a free session and giving the place back, each in one statement (decision
-- 011, "A free place in one statement"). Each function does only the plain case, where the
-- whole rule fits here: an open free session, no hold run out, nobody to promote, no money to
-- settle. Anything else answers no row, and the app takes its full path in TypeScript, which
-- is the reference for every rule these repeat.
--
-- Both lock the session first, as every change to a registration does. They are VOLATILE
-- (the default), so each statement after the lock reads with a fresh snapshot: what they
-- count under the lock is current, which one SQL statement with the lock in a WITH could not
-- promise (its snapshot is taken before it waits for the lock).

-- A place, or the end of the waitlist, for `for_person` in the free session `of_session`. No row:
-- the session is not the club's, closed or paid, a hold has run out (its release comes first),
-- or the person is on the list already.
CREATE FUNCTION "take_free_place"(of_club uuid, of_session uuid, for_person text, taken_at timestamptz)
RETURNS TABLE (place_id uuid, place_status registration_status, waitlist_position integer)
LANGUAGE plpgsql AS $$
DECLARE
  capacity integer;
  taken integer;
  waiting integer;
  last_seq integer;
  listed boolean;
  run_out boolean;
  chosen registration_status;
BEGIN
  SELECT s.capacity INTO capacity FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
      AND s.status IN ('scheduled', 'active') AND NOT s.payment_required
    FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT count(*) FILTER (WHERE r.status IN ('registered', 'pending_payment')),
      count(*) FILTER (WHERE r.status = 'waitlisted'),
      coalesce(max(r.seq), 0),
      coalesce(bool_or(r.user_id = for_person AND r.status <> 'cancelled'), false),
      coalesce(bool_or(r.status = 'pending_payment' AND r.hold_expires_at < taken_at), false)
    INTO taken, waiting, last_seq, listed, run_out
    FROM session_registrations r WHERE r.session_id = of_session;
  IF listed OR run_out THEN RETURN; END IF;
  chosen := CASE WHEN capacity IS NULL OR taken < capacity THEN 'registered' ELSE 'waitlisted' END;
  RETURN QUERY
    INSERT INTO session_registrations AS r (organization_id, session_id, user_id, status, seq, created_at)
    VALUES (of_club, of_session, for_person, chosen, last_seq + 1, taken_at)
    RETURNING r.id, r.status, CASE WHEN chosen = 'waitlisted' THEN waiting + 1 END;
END $$;
--> statement-breakpoint
-- Cancels `place` in the free session `of_session` when nothing follows from it: nobody else
-- waits, or no place is free for them once it is given back (else the full path promotes
-- them), and it has no payment. `for_person` may cancel only their own place unless
-- `may_manage`. Answers the session's status; no row: the full path decides (which also answers
-- a place that is not theirs, or not there, with 404).
CREATE FUNCTION "give_up_free_place"(
  of_club uuid, of_session uuid, place uuid, for_person text, may_manage boolean, taken_at timestamptz
)
RETURNS TABLE (status_now session_status)
LANGUAGE plpgsql AS $$
DECLARE
  open_status session_status;
  capacity integer;
  others_waiting boolean;
  others_placed integer;
BEGIN
  SELECT s.status, s.capacity INTO open_status, capacity FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club AND NOT s.payment_required
    FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM FROM session_registrations r
    WHERE r.id = place AND r.session_id = of_session AND r.status <> 'cancelled'
      AND (may_manage OR r.user_id = for_person);
  IF NOT FOUND THEN RETURN; END IF;
  -- The waitlist moves into every free place after a cancellation, even one that was free
  -- before it (a capacity raised): that is the full path's.
  SELECT coalesce(bool_or(r.status = 'waitlisted'), false),
      count(*) FILTER (WHERE r.status IN ('registered', 'pending_payment'))
    INTO others_waiting, others_placed
    FROM session_registrations r WHERE r.session_id = of_session AND r.id <> place;
  IF others_waiting AND (capacity IS NULL OR others_placed < capacity) THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM payments p WHERE p.organization_id = of_club AND p.registration_id = place)
  THEN RETURN; END IF;
  UPDATE session_registrations SET status = 'cancelled', checked_in_at = NULL, updated_at = taken_at
    WHERE id = place;
  RETURN QUERY SELECT open_status;
END $$;
--> statement-breakpoint
-- Pinned to this schema, as the stamp functions are (migration 0014).
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION take_free_place(uuid, uuid, text, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION give_up_free_place(uuid, uuid, uuid, text, boolean, timestamptz) SET search_path = %s, pg_temp', home);
END
$$;
