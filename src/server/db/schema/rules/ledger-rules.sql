-- The rules of a person's account at a club (issue 62, decision 040), in their current text,
-- the only one. Applied after the migrations whenever this text changes (db/sql-rules.ts).
--
-- * An entry, once written, is never changed or removed: a correction is a new entry. Only what
--   the database itself does when a club or a person is deleted (a cascade, one trigger deep)
--   touches one.
-- * Each entry moves its balance in the transaction that writes it. The balance row is locked
--   by that update, so two entries at once are applied one after the other; the balance's
--   check refuses one that would take it below zero (ledger_balances_not_negative), and with it
--   the whole transaction, so two spends cannot both take the same credit.

CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  RAISE EXCEPTION 'ledger entries are never changed or removed: write a correcting entry'
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- The balance row is moved by an update (an insert's check would judge the entry's amount alone,
-- before any conflict); the first entry makes it. Two first entries at once: the second finds
-- the row made and moves it.
CREATE OR REPLACE FUNCTION "ledger_entry_applied"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_balances SET balance = balance + NEW.amount, updated_at = now()
    WHERE organization_id = NEW.organization_id AND user_id = NEW.user_id AND asset = NEW.asset;
  IF FOUND THEN RETURN NULL; END IF;
  INSERT INTO ledger_balances (organization_id, user_id, asset, balance, updated_at)
    VALUES (NEW.organization_id, NEW.user_id, NEW.asset, NEW.amount, now())
    ON CONFLICT (organization_id, user_id, asset) DO NOTHING;
  IF NOT FOUND THEN
    UPDATE ledger_balances SET balance = balance + NEW.amount, updated_at = now()
      WHERE organization_id = NEW.organization_id AND user_id = NEW.user_id AND asset = NEW.asset;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "ledger_entry_applied" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_applied();

-- Pinned to this schema, as the other rules naming tables are.
DO $$
DECLARE
  home text := quote_ident(current_schema());
BEGIN
  EXECUTE format('ALTER FUNCTION ledger_entry_applied() SET search_path = %s, pg_temp', home);
END
$$;
