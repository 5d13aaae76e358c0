-- The audit trail (ARCHITECTURE.md "Every write is audited"; ecrf-calls.md §3 audit operations Create,
-- Update, Delete). Security events (sign-in, lockout, token reuse, password recovery) are rows with
-- operation 'Update' on app_user and their name in "event" (docs/backend.md).

CREATE TABLE IF NOT EXISTS audit_trail (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid,
  user_name text NOT NULL,
  table_name text NOT NULL,
  record_id text,
  operation text NOT NULL CHECK (operation IN ('Create', 'Update', 'Delete')),
  event text,
  old_value jsonb,
  new_value jsonb,
  reason text
);
CREATE INDEX IF NOT EXISTS audit_trail_record_idx ON audit_trail (table_name, record_id);
CREATE INDEX IF NOT EXISTS audit_trail_occurred_idx ON audit_trail (occurred_at);

-- Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, whoever the database user is
-- (GCP / 21 CFR Part 11 audit trails must not be altered). Works on PostgreSQL and PGlite alike.
CREATE OR REPLACE FUNCTION audit_trail_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER IF EXISTS audit_trail_no_update_delete ON audit_trail;
CREATE TRIGGER audit_trail_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION audit_trail_refuse_change();

DROP TRIGGER IF EXISTS audit_trail_no_truncate ON audit_trail;
CREATE TRIGGER audit_trail_no_truncate
  BEFORE TRUNCATE ON audit_trail
  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_refuse_change();
