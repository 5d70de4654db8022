-- An earlier registration window for members in good standing: fewer than 3 strikes (no-shows
-- one each, late drops half) at the club over the last 60 days (sessions/strikes.ts, whose
-- STRIKE_LIMIT and STRIKE_DAYS say the same for the admins' view). take_place (0034) lets
-- them in from early_opens_at; everyone else waits for registration_opens_at.
ALTER TABLE "sessions" ADD COLUMN "early_opens_at" timestamp with time zone;--> statement-breakpoint
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
  IF opens_at IS NOT NULL AND taken_at < opens_at
    AND NOT (early_at IS NOT NULL AND taken_at >= early_at AND in_good_standing(of_club, for_person, taken_at)) THEN
    RETURN QUERY SELECT 'not_open'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
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
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION in_good_standing(uuid, text, timestamptz) SET search_path = %s, pg_temp', quote_ident(current_schema()));
  EXECUTE format('ALTER FUNCTION take_place(uuid, uuid, text, timestamptz, timestamptz, boolean) SET search_path = %s, pg_temp', quote_ident(current_schema()));
END
$$;
