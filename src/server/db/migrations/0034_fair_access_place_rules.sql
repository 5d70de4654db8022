-- The rules of a place (migration 0027) learn fair access, in the one place they live
-- (sessions/place-rules.ts, decision 023):
-- * take_place answers not_open before the window (the early window lets in members in good
--   standing: in_good_standing, fewer than 3 strikes over 60 days, as sessions/strikes.ts
--   says to admins), draw_due once a lottery's time has passed undrawn (the app draws under the
--   same lock, then asks again), and an entry ('entered', no place held) while a lottery is open.
--   Someone already on the list is answered before the window is checked.
-- * promote_waitlist records when each place was given (placed_at).
-- * give_up_place counts a late drop, half a strike, when a player gives up their own place
--   after the refund cut-off that they held since before it.
CREATE FUNCTION "in_good_standing"(of_club uuid, person text, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(k.weight), 0) < 3 FROM no_show_strikes k
  WHERE k.organization_id = of_club AND k.user_id = person AND k.created_at > at - interval '60 days'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "take_place"(
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
  opens_at timestamptz;
  early_at timestamptz;
  draw_at timestamptz;
  drawn_at timestamptz;
  existing uuid;
  existing_status registration_status;
  existing_hold timestamptz;
  run_out boolean;
  taken integer;
  waiting integer;
  last_seq integer;
  chosen registration_status;
BEGIN
  SELECT s.status, s.payment_required, s.capacity, s.registration_opens_at, s.early_opens_at,
      s.lottery_draw_at, s.lottery_drawn_at
    INTO open_status, paid, capacity, opens_at, early_at, draw_at, drawn_at
    FROM sessions s
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
  IF draw_at IS NOT NULL AND drawn_at IS NULL AND taken_at >= draw_at THEN
    RETURN QUERY SELECT 'draw_due'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF paid AND free_only THEN
    RETURN QUERY SELECT 'paid'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
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
  IF opens_at IS NOT NULL AND taken_at < opens_at
    AND NOT (early_at IS NOT NULL AND taken_at >= early_at AND in_good_standing(of_club, for_person, taken_at)) THEN
    RETURN QUERY SELECT 'not_open'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF run_out THEN
    RETURN QUERY SELECT 'holds_run_out'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  chosen := CASE
    WHEN draw_at IS NOT NULL AND drawn_at IS NULL THEN 'entered'
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
CREATE OR REPLACE FUNCTION "promote_waitlist"(of_session uuid, taken_at timestamptz, hold_until timestamptz)
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
        hold_expires_at = held_until, placed_at = taken_at, updated_at = taken_at
      WHERE id = next_id;
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
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
  held_since timestamptz;
BEGIN
  SELECT s.status, s.starts_at, s.refund_cutoff_hours INTO now_status, starts, cutoff_hours FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::session_status, NULL::registration_status;
    RETURN;
  END IF;
  SELECT r.status, r.user_id, coalesce(r.placed_at, r.created_at) INTO before, holder, held_since
    FROM session_registrations r
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
    AND taken_at > starts - cutoff_hours * interval '1 hour'
    AND held_since <= starts - cutoff_hours * interval '1 hour' THEN
    INSERT INTO no_show_strikes (organization_id, session_id, user_id, kind, weight, created_at)
      VALUES (of_club, of_session, holder, 'late_drop', 0.5, taken_at)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT 'cancelled'::text, now_status, before;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION in_good_standing(uuid, text, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION take_place(uuid, uuid, text, timestamptz, timestamptz, boolean) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION promote_waitlist(uuid, timestamptz, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION give_up_place(uuid, uuid, uuid, text, boolean, timestamptz, boolean) SET search_path = %s, pg_temp', home);
END
$$;
