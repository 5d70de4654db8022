-- The rules of a place in a session (decision 023), in their current text, the only one: which
-- statuses hold a place, when a hold has run out, when a session is open and has room, the
-- next arrival number, a member's standing, taking a place, bringing a guest, moving the
-- waitlist up, giving a place up, and claiming a guest's places on joining. The app calls them
-- for every case (sessions/place-rules.ts); what it adds around them (a payment, a refund, the
-- notices) is its own.
--
-- Applied after the migrations whenever this text changes (db/sql-rules.ts); the database's
-- text is held to this file by db/sql-rules.test.ts. Migrations 0027, 0034 and 0036 made
-- earlier versions; their text is in git's history, not repeated there.
--
-- Every caller holds the session's lock (take_place, bring_guest and give_up_place take it
-- themselves), and each statement in these VOLATILE functions reads with a fresh snapshot:
-- what they count under the lock is current.

-- A registered player, and one whose place is held until they pay, each hold one of the places.
CREATE OR REPLACE FUNCTION "holds_place"(status registration_status) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('registered', 'pending_payment') $$;

-- A session takes registrations, and moves its waitlist up, until it is completed or cancelled.
CREATE OR REPLACE FUNCTION "session_open"(status session_status) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('scheduled', 'active') $$;

-- A place held unpaid is given back once its hold has run out.
CREATE OR REPLACE FUNCTION "hold_run_out"(status registration_status, hold_expires_at timestamptz, at timestamptz)
RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status = 'pending_payment' AND hold_expires_at < at $$;

-- A session with `capacity` places (none: no limit) has room while fewer than that are taken.
CREATE OR REPLACE FUNCTION "has_room"(capacity integer, taken bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT capacity IS NULL OR taken < capacity $$;

-- Whether the session has a free place, the place `leaving` (being given back) not counted.
CREATE OR REPLACE FUNCTION "session_has_room"(of_session uuid, leaving uuid DEFAULT NULL) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT has_room(s.capacity, (
    SELECT count(*) FROM session_registrations r
    WHERE r.session_id = of_session AND holds_place(r.status) AND r.id IS DISTINCT FROM leaving
  ))
  FROM sessions s WHERE s.id = of_session
$$;

-- Arrival order: each registration of a session, walk-ins too, comes after every earlier one.
CREATE OR REPLACE FUNCTION "seq_after"(last_seq integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT coalesce(last_seq, 0) + 1 $$;

CREATE OR REPLACE FUNCTION "next_registration_seq"(of_session uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT seq_after(max(r.seq)) FROM session_registrations r WHERE r.session_id = of_session
$$;

-- The rules of a place (migrations 0027, 0034) learn guests, standing by and the club's strike
-- rule, in the one place they live (sessions/place-rules.ts, decision 023):
-- * bring_guest, under the session's lock and the member's membership row (so two guests brought
--   at once, to two sessions, cannot both pass the month's limit): refused when the club allows
--   no guests (not_allowed), the member has brought the month's number (limit: the club's, or
--   their membership plan's when it sets one, answered in waitlist_position), or the places
--   are still to be drawn (lottery_open: a guest does not take a ticket from a member);
--   otherwise a place, a place held unpaid, or the waitlist. Guests wait for registration to
--   open for everyone: the early window is the member's standing, not their guest's.
-- * take_place counts a new place on the waitlist before those who walked up (below), refuses a
--   members-only session to anyone whose plan does not let them in (members_only), and opens
--   registration the plan's days ahead for its members (member_benefits, dues-rules.sql).
-- * promote_waitlist moves up the waitlist in order, then those who walked up to the door
--   unregistered (walked_up); a player standing by at the door (a waitlisted row checked in)
--   is in and checked in at once (promoted_present). For a guest it names the member who
--   brought them (promoted_user, who is told and pays) and the guest (promoted_guest). In a
--   members-only session it passes over anyone who is not a member at that moment.
-- * give_up_place lets the member who brought a guest give the guest's place up (until it is the
--   guest's own, claimed when they join).
-- * in_good_standing counts strikes by the club's own rule (strike_limit over strike_days).
-- * claim_guest_places: when someone joins the club, the nights a member brought them to under
--   their address (played or playing: places still to come stay the member's) become theirs, so
--   their nights, games and receipts follow them in.
CREATE OR REPLACE FUNCTION "in_good_standing"(of_club uuid, person text, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(k.weight), 0) < o.strike_limit
  FROM organizations o
  LEFT JOIN no_show_strikes k ON k.organization_id = o.id AND k.user_id = person
    AND k.created_at > at - o.strike_days * interval '1 day'
  WHERE o.id = of_club
  GROUP BY o.strike_limit
$$;

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
  only_members boolean;
  member_access boolean;
  member_early integer;
BEGIN
  SELECT s.status, s.payment_required, s.capacity, s.registration_opens_at, s.early_opens_at,
      s.lottery_draw_at, s.lottery_drawn_at, s.members_only
    INTO open_status, paid, capacity, opens_at, early_at, draw_at, drawn_at, only_members
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
      count(*) FILTER (WHERE r.status = 'waitlisted' AND NOT r.walked_up),
      max(r.seq)
    INTO existing, run_out, taken, waiting, last_seq
    FROM session_registrations r WHERE r.session_id = of_session;
  IF existing IS NOT NULL THEN
    SELECT r.status, r.hold_expires_at INTO existing_status, existing_hold
      FROM session_registrations r WHERE r.id = existing;
    RETURN QUERY SELECT 'listed'::text, existing, existing_status, NULL::integer, existing_hold;
    RETURN;
  END IF;
  SELECT b.members_only_access, b.early_days INTO member_access, member_early
    FROM member_benefits(of_club, for_person, taken_at) b;
  IF only_members AND NOT coalesce(member_access, false) THEN
    RETURN QUERY SELECT 'members_only'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF opens_at IS NOT NULL AND taken_at < opens_at
    AND NOT (early_at IS NOT NULL AND taken_at >= early_at AND in_good_standing(of_club, for_person, taken_at))
    AND NOT (coalesce(member_early, 0) > 0 AND taken_at >= opens_at - member_early * interval '1 day') THEN
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

CREATE OR REPLACE FUNCTION "bring_guest"(
  of_club uuid, of_session uuid, host text, guest text, guest_address text, taken_at timestamptz,
  hold_until timestamptz
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
  starts timestamptz;
  opens_at timestamptz;
  draw_at timestamptz;
  drawn_at timestamptz;
  allowed boolean;
  per_month integer;
  zone text;
  existing uuid;
  existing_status registration_status;
  existing_hold timestamptz;
  run_out boolean;
  taken integer;
  waiting integer;
  last_seq integer;
  brought integer;
  chosen registration_status;
  only_members boolean;
  plan_guests integer;
BEGIN
  SELECT s.status, s.payment_required, s.capacity, s.starts_at, s.registration_opens_at,
      s.lottery_draw_at, s.lottery_drawn_at, s.members_only
    INTO open_status, paid, capacity, starts, opens_at, draw_at, drawn_at, only_members
    FROM sessions s
    WHERE s.id = of_session AND s.organization_id = of_club
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  PERFORM 1 FROM organization_members m WHERE m.organization_id = of_club AND m.user_id = host FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF NOT session_open(open_status) THEN
    RETURN QUERY SELECT 'closed'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  -- A guest already on the list is answered first (to pay for them, say), whatever changed since.
  SELECT (array_agg(r.id) FILTER (
        WHERE r.brought_by = host AND r.user_id IS NULL AND lower(r.guest_name) = lower(guest)
          AND r.status <> 'cancelled'))[1],
      coalesce(bool_or(hold_run_out(r.status, r.hold_expires_at, taken_at)), false),
      count(*) FILTER (WHERE holds_place(r.status)),
      count(*) FILTER (WHERE r.status = 'waitlisted' AND NOT r.walked_up),
      max(r.seq)
    INTO existing, run_out, taken, waiting, last_seq
    FROM session_registrations r WHERE r.session_id = of_session;
  IF existing IS NOT NULL THEN
    SELECT r.status, r.hold_expires_at INTO existing_status, existing_hold
      FROM session_registrations r WHERE r.id = existing;
    RETURN QUERY SELECT 'listed'::text, existing, existing_status, NULL::integer, existing_hold;
    RETURN;
  END IF;
  -- A members-only session is for members themselves: nobody brings a guest to it.
  IF only_members THEN
    RETURN QUERY SELECT 'members_only'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  SELECT o.guests_allowed, o.guests_per_month, o.time_zone INTO allowed, per_month, zone
    FROM organizations o WHERE o.id = of_club;
  IF NOT allowed THEN
    RETURN QUERY SELECT 'not_allowed'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF draw_at IS NOT NULL AND drawn_at IS NULL THEN
    RETURN QUERY SELECT CASE WHEN taken_at >= draw_at THEN 'draw_due' ELSE 'lottery_open' END::text,
      NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF opens_at IS NOT NULL AND taken_at < opens_at THEN
    RETURN QUERY SELECT 'not_open'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  IF run_out THEN
    RETURN QUERY SELECT 'holds_run_out'::text, NULL::uuid, NULL::registration_status, NULL::integer, NULL::timestamptz;
    RETURN;
  END IF;
  -- A member's plan may say how many guests they bring a month, in place of the club's number.
  SELECT p.guests_per_month INTO plan_guests
    FROM member_benefits(of_club, host, taken_at) b JOIN membership_plans p ON p.id = b.plan_id;
  per_month := coalesce(plan_guests, per_month);
  SELECT count(*) INTO brought
    FROM session_registrations r JOIN sessions s ON s.id = r.session_id
    WHERE r.organization_id = of_club AND r.brought_by = host AND r.status <> 'cancelled'
      AND s.status <> 'cancelled'
      AND date_trunc('month', s.starts_at AT TIME ZONE zone) = date_trunc('month', starts AT TIME ZONE zone);
  IF brought >= per_month THEN
    -- With the number that applied, for the refusal to say.
    RETURN QUERY SELECT 'limit'::text, NULL::uuid, NULL::registration_status, per_month, NULL::timestamptz;
    RETURN;
  END IF;
  chosen := CASE
    WHEN NOT has_room(capacity, taken) THEN 'waitlisted'
    WHEN paid THEN 'pending_payment'
    ELSE 'registered'
  END;
  RETURN QUERY
    INSERT INTO session_registrations AS r
      (organization_id, session_id, guest_name, guest_email, brought_by, status, seq, hold_expires_at,
       created_at)
    VALUES (
      of_club, of_session, guest, guest_address, host, chosen, seq_after(last_seq),
      CASE WHEN chosen = 'pending_payment' THEN hold_until END, taken_at
    )
    RETURNING 'placed'::text, r.id, r.status, CASE WHEN chosen = 'waitlisted' THEN waiting + 1 END,
      r.hold_expires_at;
END $$;

CREATE OR REPLACE FUNCTION "promote_waitlist"(of_session uuid, taken_at timestamptz, hold_until timestamptz)
RETURNS TABLE (
  promoted_id uuid, promoted_user text, promoted_guest text, promoted_present boolean, needs_payment boolean,
  held_until timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  paid_session boolean;
  only_members boolean;
  next_id uuid;
  next_user text;
  next_guest text;
  next_present boolean;
  has_paid boolean;
BEGIN
  SELECT s.payment_required, s.members_only INTO paid_session, only_members FROM sessions s
    WHERE s.id = of_session AND session_open(s.status);
  IF NOT FOUND THEN RETURN; END IF;
  LOOP
    SELECT r.id, coalesce(r.user_id, r.brought_by),
      CASE WHEN r.user_id IS NULL AND r.brought_by IS NOT NULL THEN r.guest_name END,
      r.checked_in_at IS NOT NULL,
      EXISTS (
        SELECT 1 FROM payments p
        WHERE p.organization_id = r.organization_id AND p.registration_id = r.id AND p.status = 'paid'
      )
      INTO next_id, next_user, next_guest, next_present, has_paid
      FROM session_registrations r
      WHERE r.session_id = of_session AND r.status = 'waitlisted'
        -- A members-only session's place goes to someone who is a member when it opens: one
        -- whose membership lapsed while waiting keeps their turn for when they are again.
        AND (NOT only_members OR EXISTS (
          SELECT 1 FROM member_benefits(r.organization_id, r.user_id, taken_at) b WHERE b.members_only_access
        ))
      ORDER BY r.walked_up, r.seq LIMIT 1;
    EXIT WHEN NOT FOUND OR NOT session_has_room(of_session);
    promoted_id := next_id;
    promoted_user := next_user;
    promoted_guest := next_guest;
    promoted_present := next_present;
    needs_payment := paid_session AND NOT has_paid;
    held_until := CASE WHEN needs_payment THEN hold_until END;
    UPDATE session_registrations
      SET status = CASE WHEN needs_payment THEN 'pending_payment'::registration_status ELSE 'registered' END,
        hold_expires_at = held_until, placed_at = taken_at, updated_at = taken_at
      WHERE id = next_id;
    RETURN NEXT;
  END LOOP;
END $$;

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
      AND (may_manage OR r.user_id = for_person OR (r.user_id IS NULL AND r.brought_by = for_person));
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

-- Only places played (tonight's or a past night's, held): a place still to come stays the
-- member's to pay for and to give back. One place per session: where the person already holds
-- one, or was brought twice under the same address, the rest stay guests' places.
CREATE OR REPLACE FUNCTION "claim_guest_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  address text;
BEGIN
  SELECT lower(u.email) INTO address FROM users u WHERE u.id = NEW.user_id;
  UPDATE session_registrations r
    SET user_id = NEW.user_id, updated_at = now()
    WHERE r.id IN (
      SELECT DISTINCT ON (g.session_id) g.id
      FROM session_registrations g JOIN sessions s ON s.id = g.session_id
      WHERE g.organization_id = NEW.organization_id AND g.user_id IS NULL AND g.brought_by IS NOT NULL
        AND lower(g.guest_email) = address AND g.status = 'registered'
        AND s.status IN ('active', 'completed')
        AND NOT EXISTS (
          SELECT 1 FROM session_registrations own
          WHERE own.session_id = g.session_id AND own.user_id = NEW.user_id AND own.status <> 'cancelled'
        )
      ORDER BY g.session_id, g.seq
    );
  UPDATE queue_players q SET user_id = NEW.user_id
    FROM session_registrations r
    WHERE q.registration_id = r.id AND r.organization_id = NEW.organization_id
      AND r.user_id = NEW.user_id AND q.user_id IS NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "organization_members_claim_guest_places" AFTER INSERT ON "organization_members"
  FOR EACH ROW EXECUTE FUNCTION claim_guest_places();

-- Pinned to this schema, as the stamp functions are (migration 0014). The rules over a status
-- name no table and stay unpinned, so PostgreSQL can inline them into a query.
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION session_has_room(uuid, uuid) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION next_registration_seq(uuid) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION in_good_standing(uuid, text, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION take_place(uuid, uuid, text, timestamptz, timestamptz, boolean) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION bring_guest(uuid, uuid, text, text, text, timestamptz, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION promote_waitlist(uuid, timestamptz, timestamptz) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION give_up_place(uuid, uuid, uuid, text, boolean, timestamptz, boolean) SET search_path = %s, pg_temp', home);
  EXECUTE format('ALTER FUNCTION claim_guest_places() SET search_path = %s, pg_temp', home);
END
$$;
