-- Boards kept their team rule before sessions did: a session played mixed or separate says so,
-- as the board's setting writes it back from now on (features/courts actions.ts updateSettings).
-- The mode is compared as text: on a fresh database every migration runs in one transaction, and
-- a value added to an enum earlier in it cannot be used as one yet.
UPDATE "sessions" SET "teams" = "boards"."teams"
FROM "boards"
WHERE "boards"."session_id" = "sessions"."id"
  AND "boards"."mode"::text IN ('fair', 'skill-balanced')
  AND "sessions"."teams" <> "boards"."teams";
