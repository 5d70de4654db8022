-- The rules of a place in a session, written once, here, and called by the app for every case
-- (sessions/place-rules.ts): which statuses hold a place, when a hold has run out, when a
-- session is open, whether it has room, the next arrival number, taking a place, giving one
-- up, and moving the waitlist up.
-- What the app adds around them is its own: a payment and its checkout, a refund, the notices.
-- They replace migration 0015's functions, which repeated the app's rules for the plain cases.
--
-- Every caller holds the session's lock (take_place and give_up_place take it themselves), and
-- each statement in these VOLATILE functions reads with a fresh snapshot: what they count under
-- the lock is current.
DROP FUNCTION "take_free_place"(uuid, uuid, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION "give_up_free_place"(uuid, uuid, uuid, text, boolean, timestamptz);
--> statement-breakpoint
-- A registered player, and one whose place is held until they pay, each hold one of the places.
CREATE FUNCTION "holds_place"(status registration_status) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('registered', 'pending_payment') $$;
--> statement-breakpoint
-- A session takes registrations, and moves its waitlist up, until it is completed or cancelled.
CREATE FUNCTION "session_open"(status session_status) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('scheduled', 'active') $$;
--> statement-breakpoint
-- A place held unpaid is given back once its hold has run out.
CREATE FUNCTION "hold_run_out"(status registration_status, hold_expires_at timestamptz, at timestamptz)
RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status = 'pending_payment' AND hold_expires_at < at $$;
--> statement-breakpoint
-- A session with `capacity` places (none: no limit) has room while fewer than that are taken.
CREATE FUNCTION "has_room"(capacity integer, taken bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT capacity IS NULL OR taken < capacity $$;
--> statement-breakpoint
-- Whether the session has a free place, the place `leaving` (being given back) not counted.
CREATE FUNCTION "session_has_room"(of_session uuid, leaving uuid DEFAULT NULL) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT has_room(s.capacity, (
    SELECT count(*) FROM session_registrations r
    WHERE r.session_id = of_session AND holds_place(r.status) AND r.id IS DISTINCT FROM leaving
  ))
  FROM sessions s WHERE s.id = of_session
$$;
--> statement-breakpoint
-- Arrival order: each registration of a session, walk-ins too, comes after every earlier one.
CREATE FUNCTION "seq_after"(last_seq integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(last_seq, 0) + 1 $$;
--> statement-breakpoint
CREATE FUNCTION "next_registration_seq"(of_session uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT seq_after(max(r.seq)) FROM session_registrations r WHERE r.session_id = of_session
$$;
--> statement-breakpoint
-- A place, or the end of the waitlist, for `for_person` in the session `of_session` of the club
-- `of_club`: held unpaid until `hold_until` in a paid session. The verdict says what happened:
--   placed         the new registration is answered;
--   listed         the person is on the list already: their registration is answered;
--   paid           a paid session, asked with `free_only`: nothing was done (the app takes a
--                  paid place in its own transaction, with the payment);
--   holds_run_out  a hold has run out: nothing was done (its release, and the waitlist moving
--                  up, come first);
--   closed         the session is completed or cancelled; not_found: it is not the club's.
CREATE FUNCTION "take_place"(
  of_club uuid, of_session uuid, for_person text, taken_at timestamptz, hold_until timestamptz,
  free_only boolean
)
RETURNS TABLE (
  verdict text, place_id uuid, place_status registration_status, waitlist_position integer,
  held_until timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  open_status session_status;
  paid boolean;
  capacity integer;
  existing uuid;
  existing_status registration_status;
  existing_hold timestamptz;
  run_out boolean;
  taken integer;
  waiting integer;
  last_seq integer;
  chosen registration_status;
BEGIN
  SELECT s.status, s.payment_required, s.capacity INTO open_status, paid, capacity FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF NOT session_open(open_status) THEN
    RETURN QUERY SELECT 'closed'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF paid AND free_only THEN
    RETURN QUERY SELECT 'paid'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  -- The list read once, for everything below (the same counts session_has_room and
  -- next_registration_seq make).
  SELECT (array_agg(r.id) FILTER (WHERE r.user_id = for_person AND r.status <> 'cancelled'))[1],
      coalesce(bool_or(hold_run_out(r.status, r.hold_expires_at, taken_at)), false),
      count(*) FILTER (WHERE holds_place(r.status)),
      count(*) FILTER (WHERE r.status = 'waitlisted'),
      max(r.seq)
    INTO existing, run_out, taken, waiting, last_seq
    FROM session_registrations r WHERE r.session_id = of_session;
  IF existing IS NOT NULL THEN
    SELECT r.status, r.hold_expires_at INTO existing_status, existing_hold
      FROM session_registrations r WHERE r.id = existing;
    RETURN QUERY SELECT 'listed'::text, existing, existing_status, NULL::integer, existing_hold;
    RETURN;
  END IF;
  IF run_out THEN
    RETURN QUERY SELECT 'holds_run_out'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  chosen := CASE
    WHEN NOT has_room(capacity, taken) THEN 'waitlisted'
    WHEN paid THEN 'pending_payment'
    ELSE 'registered'
  END;
  RETURN QUERY
    INSERT INTO session_registrations AS r
      (organization_id, session_id, user_id, status, seq, hold_expires_at, created_at)
    VALUES (
      of_club, of_session, for_person, chosen, seq_after(last_seq),
      CASE WHEN chosen = 'pending_payment' THEN hold_until END, taken_at
    )
    RETURNING 'placed'::text, r.id, r.status, CASE WHEN chosen = 'waitlisted' THEN waiting + 1 END,
      r.hold_expires_at;
END $$;
--> statement-breakpoint
-- Gives up `place` in the session `of_session` of the club `of_club`: `for_person`'s own, or
-- anyone's when `may_manage`. The verdict: cancelled (with the status the place had), or
-- not_found (no such place for them, or the session is not the club's). Asked with
-- `plain_only`, it gives the place up only when nothing follows from it, and otherwise answers
-- follows and does nothing: money to settle, or a waitlist that would move up.
CREATE FUNCTION "give_up_place"(
  of_club uuid, of_session uuid, place uuid, for_person text, may_manage boolean, taken_at timestamptz,
  plain_only boolean
)
RETURNS TABLE (verdict text, session_now session_status, status_before registration_status)
LANGUAGE plpgsql AS $$
DECLARE
  now_status session_status;
  before registration_status;
BEGIN
  SELECT s.status INTO now_status FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::session_status, NULL::registration_status;
    RETURN;
  END IF;
  SELECT r.status INTO before FROM session_registrations r
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
  RETURN QUERY SELECT 'cancelled'::text, now_status, before;
END $$;
--> statement-breakpoint
-- Moves the waitlist of an open session up, first come first served, into every free place. In
-- a paid session the place is held unpaid until `hold_until`, unless the player has paid
-- already (their hold ran out before the money came): then it is theirs. Answers who moved up.
CREATE FUNCTION "promote_waitlist"(of_session uuid, taken_at timestamptz, hold_until timestamptz)
RETURNS TABLE (promoted_id uuid, promoted_user text, needs_payment boolean, held_until timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  paid_session boolean;
  next_id uuid;
  next_user text;
  has_paid boolean;
BEGIN
  SELECT s.payment_required INTO paid_session FROM sessions s
    WHERE s.id = of_session AND session_open(s.status);
  IF NOT FOUND THEN RETURN; END IF;
  LOOP
    SELECT r.id, r.user_id, EXISTS (
        SELECT 1 FROM payments p
        WHERE p.organization_id = r.organization_id AND p.registration_id = r.id AND p.status = 'paid'
      )
      INTO next_id, next_user, has_paid
      FROM session_registrations r
      WHERE r.session_id = of_session AND r.status = 'waitlisted'
      ORDER BY r.seq LIMIT 1;
    EXIT WHEN NOT FOUND OR NOT session_has_room(of_session);
    promoted_id := next_id;
    promoted_user := next_user;
    needs_payment := paid_session AND NOT has_paid;
    held_until := CASE WHEN needs_payment THEN hold_until END;
    UPDATE session_registrations
      SET status = CASE WHEN needs_payment THEN 'pending_payment'::registration_status ELSE 'registered' END,
        hold_expires_at = held_until, updated_at = taken_at
      WHERE id = next_id;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
-- Pinned to this schema, as the stamp functions are (migration 0014). The two rules over a
-- status name no table and stay unpinned, so PostgreSQL can inline them into a query.
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION session_has_room(uuid, uuid) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION next_registration_seq(uuid) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION take_place(uuid, uuid, text, timestamptz, timestamptz, boolean) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION give_up_place(uuid, uuid, uuid, text, boolean, timestamptz, boolean) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION promote_waitlist(uuid, timestamptz, timestamptz) SET search_path = %s, pg_temp', home);
END
$$;
