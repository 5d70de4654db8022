-- The rules of a membership's standing (decision 039), in their current text, the only one:
-- what a membership is at a moment, and the benefits of the plan a person is a member on.
-- Applied after the migrations whenever this text changes (db/sql-rules.ts); the place rules
-- (take_place) and every read of a membership ask these.

-- A membership's status at `at`: what its dues events made it (plan_memberships.status), moved
-- on by time with no event: a grace run out, or a period ended with no renewal heard of past
-- its grace, lapses it; a period ended after a cancellation was asked for cancels it.
CREATE OR REPLACE FUNCTION "dues_standing"(
  status dues_status, period_end timestamptz, grace_ends timestamptz, cancel_at_end boolean,
  grace_days integer, at timestamptz
)
RETURNS dues_status
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'active' AND cancel_at_end AND period_end <= at THEN 'cancelled'::dues_status
    WHEN status = 'active' AND period_end + grace_days * interval '1 day' <= at THEN 'lapsed'::dues_status
    WHEN status = 'past_due' AND grace_ends <= at THEN 'lapsed'::dues_status
    ELSE status
  END
$$;

-- The plan whose benefits `person` has at `of_club` at `at`: a membership active, or past due
-- within its grace (the club keeps a member whose card failed a member for those days), their
-- own or, for someone in a household who has accepted, the payer's while it is on a household
-- plan (a payer who moves to a plan for one takes its benefits from the rest). No row: not a member. The
-- plan is the version the membership is on, not the family's newest; their own comes first.
CREATE OR REPLACE FUNCTION "member_benefits"(of_club uuid, person text, at timestamptz)
RETURNS TABLE (
  membership_id uuid, plan_id uuid, members_only_access boolean, early_days integer,
  discount plan_discount, discount_value integer
)
LANGUAGE sql STABLE AS $$
  SELECT b.membership_id, b.plan_id, b.members_only_access, b.early_days, b.discount, b.discount_value
  FROM (
    SELECT m.id AS membership_id, p.id AS plan_id, p.members_only_access, p.early_days, p.discount,
      p.discount_value, m.status, m.current_period_end, m.grace_ends_at, m.cancel_at_period_end,
      p.grace_days, m.user_id = person AS own
    FROM plan_memberships m
    JOIN membership_plans p ON p.id = m.plan_id
    WHERE m.organization_id = of_club
      AND (m.user_id = person OR (p.kind = 'household' AND m.id IN (
        SELECT h.membership_id FROM household_members h
        WHERE h.organization_id = of_club AND h.user_id = person AND h.accepted_at IS NOT NULL
      )))
  ) b
  WHERE dues_standing(b.status, b.current_period_end, b.grace_ends_at, b.cancel_at_period_end,
      b.grace_days, at) IN ('active', 'past_due')
  ORDER BY b.own DESC
  LIMIT 1
$$;
