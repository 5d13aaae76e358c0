-- Patients, study patients, visits, instruments with their data field instances, visit signatures and
-- case process steps (ecrf-core.md §3, §4; ecrf-calls.md §3, §7 "Patients", "Visits").
-- The registry stores pseudonyms only: real identities (IDAT) live in the pseudonymisation service.
CREATE TABLE IF NOT EXISTS patient (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The pseudonym shown as patientId (ecrf-core.md §3); never a name.
  pseudonym text NOT NULL,
  -- Dates as yyyy-MM-dd text: both drivers read them alike, without time zone shifts.
  registration_date text NOT NULL DEFAULT to_char(CURRENT_DATE, 'YYYY-MM-DD') CHECK (registration_date ~ '^\d{4}-\d{2}-\d{2}$'),
  is_ml_patient boolean NOT NULL DEFAULT false,
  -- Portal account linked with PUT Patient/{patientId}/linkuser/{userId}.
  linked_user_id uuid REFERENCES app_user (id),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS patient_pseudonym_idx ON patient (pseudonym);

CREATE TABLE IF NOT EXISTS study_patient (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  patient_id uuid NOT NULL REFERENCES patient (id),
  study_id uuid NOT NULL REFERENCES study (id),
  study_institute_id uuid NOT NULL REFERENCES study_institute (id),
  study_definition_id uuid NOT NULL REFERENCES study_definition (id),
  -- Data is entered under this version of the definition (docs/definitions.md "Ids and versions").
  definition_version integer NOT NULL,
  -- Patient field instances: a tree of DataFieldInstance (rules/src/definition/instances.ts).
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  portal_registered_at timestamptz,
  is_deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS study_patient_patient_idx ON study_patient (patient_id);
CREATE INDEX IF NOT EXISTS study_patient_location_idx ON study_patient (study_id, study_institute_id);

-- Master data changes: field names only, never values (the values are IDAT or live in the fields).
CREATE TABLE IF NOT EXISTS study_patient_data_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  changed_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid,
  user_name text NOT NULL,
  variant text NOT NULL CHECK (variant IN ('Standard', 'ML')),
  field_names jsonb NOT NULL
);

CREATE TABLE IF NOT EXISTS visit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  definition_id uuid NOT NULL,
  sort_order integer NOT NULL,
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  visit_date text CHECK (visit_date ~ '^\d{4}-\d{2}-\d{2}$'),
  assigned_institute_id uuid REFERENCES institute (id),
  state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'missing_data', 'complete')),
  is_signed boolean NOT NULL DEFAULT false,
  -- The latest signature: {userId, userName, signedAt, meaning}.
  signature_data jsonb,
  locked boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL
);
CREATE INDEX IF NOT EXISTS visit_study_patient_idx ON visit (study_patient_id);

CREATE TABLE IF NOT EXISTS instrument (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  -- NULL: a standalone instrument of the patient.
  visit_id uuid REFERENCES visit (id),
  definition_id uuid NOT NULL,
  sort_order integer NOT NULL,
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'missing_data', 'complete')),
  locked boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL
);
CREATE INDEX IF NOT EXISTS instrument_study_patient_idx ON instrument (study_patient_id);
CREATE INDEX IF NOT EXISTS instrument_visit_idx ON instrument (visit_id);

CREATE TABLE IF NOT EXISTS case_process_step (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  visit_id uuid NOT NULL REFERENCES visit (id),
  definition_identifier text NOT NULL,
  state text NOT NULL CHECK (state IN ('complete', 'incomplete', 'stop')),
  step_order integer NOT NULL,
  main_state_identifier text,
  sub_states jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS case_process_step_visit_idx ON case_process_step (visit_id);
CREATE INDEX IF NOT EXISTS case_process_step_patient_idx ON case_process_step (study_patient_id);
