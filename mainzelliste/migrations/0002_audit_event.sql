-- Every access is recorded: who (the API key's server and the token's auditTrail user), what, outcome and
-- which pseudonyms; never IDAT (docs/mainzelliste.md "Audit"). Append-only like the backend's trail.
CREATE TABLE IF NOT EXISTS mainzelliste.audit_event (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  server_name text,
  user_name text,
  remote_system text,
  reason text,
  remote_address text NOT NULL,
  action text NOT NULL,
  status integer NOT NULL,
  outcome text,
  session_id text,
  token_id text,
  token_type text,
  pseudonyms jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX IF NOT EXISTS audit_event_occurred_idx ON mainzelliste.audit_event (occurred_at);

CREATE OR REPLACE FUNCTION mainzelliste.audit_event_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'mainzelliste.audit_event is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER IF EXISTS audit_event_no_update_delete ON mainzelliste.audit_event;
CREATE TRIGGER audit_event_no_update_delete
  BEFORE UPDATE OR DELETE ON mainzelliste.audit_event
  FOR EACH ROW EXECUTE FUNCTION mainzelliste.audit_event_refuse_change();

DROP TRIGGER IF EXISTS audit_event_no_truncate ON mainzelliste.audit_event;
CREATE TRIGGER audit_event_no_truncate
  BEFORE TRUNCATE ON mainzelliste.audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION mainzelliste.audit_event_refuse_change();
