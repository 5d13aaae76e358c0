-- Data queries with their thread, query templates, data verification flags (ecrf-calls.md §3, §6, §7
-- "Queries") and the outbox of domain events streamed to the gateways (ARCHITECTURE.md "Domain events").
CREATE TABLE IF NOT EXISTS data_query (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  -- The definition version the query type comes from: the patient's, or the study's current one for a location query.
  study_definition_id uuid NOT NULL REFERENCES study_definition (id),
  definition_version integer NOT NULL,
  -- NULL for a location query (reference type StudyInstitute).
  study_patient_id uuid REFERENCES study_patient (id),
  study_institute_id uuid NOT NULL REFERENCES study_institute (id),
  reference_type text NOT NULL CHECK (reference_type IN ('Patient', 'Visit', 'Instrument', 'StudyInstitute', 'DataField')),
  reference_id uuid NOT NULL,
  visit_id uuid REFERENCES visit (id),
  instrument_id uuid REFERENCES instrument (id),
  -- A field instance id inside a jsonb tree of the patient, a visit or an instrument.
  data_field_id uuid,
  follow_up_registry boolean NOT NULL DEFAULT false,
  visit_definition_identifier text,
  query_type_identifier text NOT NULL,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
  priority text NOT NULL DEFAULT 'NORMAL' CHECK (priority IN ('LOW', 'NORMAL', 'HIGH')),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PENDING', 'NO_LONGER_RELEVANT', 'INVISIBLE', 'CLOSED')),
  answer_stage text NOT NULL DEFAULT 'NEW' CHECK (answer_stage IN ('NEW', 'RENEWED', 'ANSWERED')),
  created_by_id uuid REFERENCES app_user (id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
-- The overview: by study and location, filtered by status, newest change first.
CREATE INDEX IF NOT EXISTS data_query_overview_idx ON data_query (study_id, study_institute_id, status, changed_at DESC);
CREATE INDEX IF NOT EXISTS data_query_changed_idx ON data_query (study_id, changed_at DESC);
CREATE INDEX IF NOT EXISTS data_query_patient_idx ON data_query (study_patient_id);
CREATE INDEX IF NOT EXISTS data_query_visit_idx ON data_query (visit_id);
CREATE INDEX IF NOT EXISTS data_query_instrument_idx ON data_query (instrument_id);

-- The thread: one row per action, append-only like the audit trail.
CREATE TABLE IF NOT EXISTS data_query_action (
  id bigserial PRIMARY KEY,
  data_query_id uuid NOT NULL REFERENCES data_query (id),
  action text NOT NULL CHECK (action IN ('CREATE', 'EDIT', 'ANSWER', 'REVOKE', 'ACCEPT', 'SOLVE', 'DEFER')),
  user_id uuid REFERENCES app_user (id),
  user_name text NOT NULL,
  role_identifier text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  text text,
  status text NOT NULL CHECK (status IN ('OPEN', 'PENDING', 'NO_LONGER_RELEVANT', 'INVISIBLE', 'CLOSED')),
  answer_stage text NOT NULL CHECK (answer_stage IN ('NEW', 'RENEWED', 'ANSWERED'))
);
CREATE INDEX IF NOT EXISTS data_query_action_query_idx ON data_query_action (data_query_id, id);
-- "Queries the caller raised or acted on" (Query/my/patient).
CREATE INDEX IF NOT EXISTS data_query_action_user_idx ON data_query_action (user_id, data_query_id);

CREATE TABLE IF NOT EXISTS data_query_template (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
  query_type_identifier text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS data_query_template_user_idx ON data_query_template (user_id);

CREATE TABLE IF NOT EXISTS data_verification_flag (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  data_field_id uuid NOT NULL,
  type_identifier text NOT NULL,
  state text NOT NULL CHECK (state IN ('NOT_SET', 'SET', 'BROKEN', 'OBSOLETE')),
  -- verifiedValueKey of @ecrf/rules for the value that was verified (null while not set).
  verified_value text,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (data_field_id, type_identifier)
);
CREATE INDEX IF NOT EXISTS data_verification_flag_patient_idx ON data_verification_flag (study_patient_id);

-- The outbox. `xid` is the writing transaction's id: readers deliver only rows below the oldest running
-- transaction (pg_snapshot_xmin), ordered by (xid, id), so a row whose id was drawn before a slower
-- transaction committed is never skipped (docs/backend.md "Events").
CREATE TABLE IF NOT EXISTS domain_event (
  id bigserial PRIMARY KEY,
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text)::bigint,
  type text NOT NULL,
  study_id uuid NOT NULL,
  study_patient_id uuid,
  study_institute_id uuid NOT NULL,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS domain_event_cursor_idx ON domain_event (xid, id);
