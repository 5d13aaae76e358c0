-- OncoBox (OnkoZert) imports and the safety review's screening configuration (ecrf-calls.md §3 "Safety report
-- configuration", §7 "Onkozert", "Safety").

-- One upload of a location's DKG data sheet key figures: who, when, the file as uploaded and its report.
-- The file lives in the row (bytea, at most 10 MB): it commits or rolls back with its figures, and every
-- backend replica reads it without a shared file store.
CREATE TABLE IF NOT EXISTS onkozert_import (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_institute_id uuid NOT NULL REFERENCES study_institute (id),
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by_id uuid REFERENCES app_user (id),
  imported_by text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  accepted_rows integer NOT NULL CHECK (accepted_rows >= 0),
  rejected_rows integer NOT NULL CHECK (rejected_rows >= 0),
  -- [{row, column, message}]: every problem of the rejected rows.
  rejected jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX IF NOT EXISTS onkozert_import_location_idx ON onkozert_import (study_institute_id, imported_at DESC);

-- The accepted rows: a location's key figures per certification year, as each import delivered them.
CREATE TABLE IF NOT EXISTS onkozert_key_figure (
  import_id uuid NOT NULL REFERENCES onkozert_import (id),
  study_institute_id uuid NOT NULL REFERENCES study_institute (id),
  year integer NOT NULL CHECK (year >= 2000),
  key_figure text NOT NULL,
  label text,
  numerator integer NOT NULL CHECK (numerator >= 0),
  denominator integer CHECK (denominator >= 1),
  source_row integer NOT NULL,
  PRIMARY KEY (import_id, year, key_figure)
);
CREATE INDEX IF NOT EXISTS onkozert_key_figure_location_idx ON onkozert_key_figure (study_institute_id, year);

-- Which fields the screening report shows per study: patient fields, visit fields (<visit>.<field>) and
-- instrument fields (<instrument>.<field>), by identifier; version guards against stale writes.
CREATE TABLE IF NOT EXISTS safety_screening_configuration (
  study_id uuid PRIMARY KEY REFERENCES study (id),
  study_patient_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  visit_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  instrument_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  version integer NOT NULL DEFAULT 1,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL
);
