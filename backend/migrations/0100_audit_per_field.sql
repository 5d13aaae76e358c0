-- Audit to EMA GCP guideline on computerised systems 6.2.1 (issue 15 item 2): each row of the trail also names the
-- acting user's role and the location of the record at the time, and each changed field gets a row of its own with
-- its old and new value. Both are derived here, in the database, in the writing transaction, so no writer can leave
-- them out: the role from the user's role when the row is written (a later role change does not rewrite it), the
-- location from the record (patient data: its study patient's location; network-wide records such as users, roles
-- and definitions have none).
ALTER TABLE audit_trail ADD COLUMN IF NOT EXISTS role_identifier text;
ALTER TABLE audit_trail ADD COLUMN IF NOT EXISTS study_institute_id uuid;

CREATE TABLE IF NOT EXISTS audit_field_change (
  audit_id bigint NOT NULL REFERENCES audit_trail (id),
  -- A top-level key of the row's old or new value (instrument fields: their definition paths, as the save writes them).
  field text NOT NULL,
  old_value jsonb,
  new_value jsonb,
  PRIMARY KEY (audit_id, field)
);

-- The location a record of `record_table` belongs to; null for records of the network.
-- One statement per table (IF, not one CASE expression): a statement locks every table it names when it is planned,
-- and an audit row must not wait on tables its record does not belong to.
CREATE OR REPLACE FUNCTION audit_record_location(record_table text, record_key text) RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
DECLARE
  rid uuid;
BEGIN
  IF record_key IS NULL OR record_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN NULL;
  END IF;
  rid := record_key::uuid;
  IF record_table = 'study_patient' THEN
    RETURN (SELECT sp.study_institute_id FROM study_patient sp WHERE sp.id = rid);
  ELSIF record_table = 'visit' THEN
    RETURN (SELECT sp.study_institute_id FROM visit v JOIN study_patient sp ON sp.id = v.study_patient_id WHERE v.id = rid);
  ELSIF record_table = 'instrument' THEN
    RETURN (SELECT sp.study_institute_id FROM instrument i JOIN study_patient sp ON sp.id = i.study_patient_id WHERE i.id = rid);
  ELSIF record_table = 'case_process_step' THEN
    RETURN (SELECT sp.study_institute_id FROM case_process_step c JOIN study_patient sp ON sp.id = c.study_patient_id WHERE c.id = rid);
  ELSIF record_table = 'data_query' THEN
    RETURN (SELECT q.study_institute_id FROM data_query q WHERE q.id = rid);
  ELSIF record_table = 'data_verification_flag' THEN
    RETURN (SELECT sp.study_institute_id FROM data_verification_flag f JOIN study_patient sp ON sp.id = f.study_patient_id WHERE f.id = rid);
  ELSIF record_table = 'study_institute' THEN
    RETURN rid;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION audit_trail_add_context() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_identifier IS NULL AND NEW.user_id IS NOT NULL THEN
    NEW.role_identifier := (SELECT r.identifier FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = NEW.user_id);
  END IF;
  IF NEW.study_institute_id IS NULL THEN
    NEW.study_institute_id := audit_record_location(NEW.table_name, NEW.record_id);
  END IF;
  RETURN NEW;
END;
$$;

DROP TRIGGER IF EXISTS audit_trail_context ON audit_trail;
CREATE TRIGGER audit_trail_context
  BEFORE INSERT ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION audit_trail_add_context();

-- The keys whose value differs between old and new (a Create's keys against nothing, a Delete's against nothing).
CREATE OR REPLACE FUNCTION audit_changed_fields(old_value jsonb, new_value jsonb)
RETURNS TABLE (field text, old_field_value jsonb, new_field_value jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT k.key, old_value -> k.key, new_value -> k.key
  FROM (
    SELECT jsonb_object_keys(CASE WHEN jsonb_typeof(old_value) = 'object' THEN old_value ELSE '{}'::jsonb END) AS key
    UNION
    SELECT jsonb_object_keys(CASE WHEN jsonb_typeof(new_value) = 'object' THEN new_value ELSE '{}'::jsonb END)
  ) k
  WHERE (old_value -> k.key) IS DISTINCT FROM (new_value -> k.key)
$$;

CREATE OR REPLACE FUNCTION audit_trail_split_fields() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_field_change (audit_id, field, old_value, new_value)
  SELECT NEW.id, c.field, c.old_field_value, c.new_field_value FROM audit_changed_fields(NEW.old_value, NEW.new_value) c;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS audit_trail_fields ON audit_trail;
CREATE TRIGGER audit_trail_fields
  AFTER INSERT ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION audit_trail_split_fields();

-- Rows written before this migration are split too; their role and location stay unknown (null): the role then is
-- not recorded anywhere, and guessing it from today's would be false.
INSERT INTO audit_field_change (audit_id, field, old_value, new_value)
SELECT a.id, c.field, c.old_field_value, c.new_field_value
FROM audit_trail a
CROSS JOIN LATERAL audit_changed_fields(a.old_value, a.new_value) c
ON CONFLICT DO NOTHING;

-- The per-field rows are as append-only as the trail.
DROP TRIGGER IF EXISTS audit_field_change_no_update_delete ON audit_field_change;
CREATE TRIGGER audit_field_change_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_field_change
  FOR EACH ROW EXECUTE FUNCTION audit_trail_refuse_change();
DROP TRIGGER IF EXISTS audit_field_change_no_truncate ON audit_field_change;
CREATE TRIGGER audit_field_change_no_truncate
  BEFORE TRUNCATE ON audit_field_change
  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_refuse_change();
REVOKE UPDATE, DELETE, TRUNCATE ON audit_field_change FROM ecrf_app;

-- What an inspector reads: one row per changed field with who (user and role), where (location), when (UTC) and why.
CREATE OR REPLACE VIEW audit_field_trail AS
SELECT a.id AS audit_id, a.occurred_at, a.user_id, a.user_name, a.role_identifier, a.study_institute_id, a.table_name,
       a.record_id, a.operation, a.event, f.field, f.old_value, f.new_value, a.reason
FROM audit_trail a
JOIN audit_field_change f ON f.audit_id = a.id;
GRANT SELECT ON audit_field_trail TO ecrf_app;
