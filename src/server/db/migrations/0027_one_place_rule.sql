-- The rules of a place in a session, written once and called by the app for every case
-- (sessions/place-rules.ts): which statuses hold a place, when a hold has run out, when a
-- session is open, whether it has room, the next arrival number, taking a place, giving one
-- up, and moving the waitlist up. Their current text lives in db/schema/rules/place-rules.sql.
-- What the app adds around them is its own: a payment and its checkout, a refund, the notices.
-- They replace migration 0015's functions, which repeated the app's rules for the plain cases.
--
-- Every caller holds the session's lock (take_place and give_up_place take it themselves), and
-- each statement in these VOLATILE functions reads with a fresh snapshot: what they count under
-- the lock is current.
DROP FUNCTION "take_free_place"(uuid, uuid, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION "give_up_free_place"(uuid, uuid, uuid, text, boolean, timestamptz);
-- (Its functions' current text: db/schema/rules/place-rules.sql.)
