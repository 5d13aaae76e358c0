-- oBDS 3.0.4 imports (issue 28 item 2; docs/obds-import.md). The gateway reads the file, matches each patient's
-- identity through the pseudonymisation service and sends only the clinical part of the messages: no name, birth
-- date, insurance or address data, and no hospital patient number is stored here.

-- One upload: who, when, which study, the file's name and its counts.
CREATE TABLE IF NOT EXISTS obds_import (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by_id uuid REFERENCES app_user (id),
  imported_by text NOT NULL,
  file_name text NOT NULL,
  patient_count integer NOT NULL CHECK (patient_count >= 0),
  message_count integer NOT NULL CHECK (message_count >= 0)
);
CREATE INDEX IF NOT EXISTS obds_import_study_idx ON obds_import (study_id, imported_at DESC);

-- One message (Meldung) of an upload: the patient's place in the file and how it was matched, the study patient
-- (definite matches only), the message's clinical part as received, what the mapping made of it, and what of its
-- proposals the documentalist accepted.
CREATE TABLE IF NOT EXISTS obds_message (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  import_id uuid NOT NULL REFERENCES obds_import (id),
  position integer NOT NULL CHECK (position >= 1),
  patient_position integer NOT NULL CHECK (patient_position >= 1),
  patient_match text NOT NULL CHECK (patient_match IN ('definite', 'possible', 'none')),
  study_patient_id uuid REFERENCES study_patient (id),
  message_id text NOT NULL,
  report_kind text NOT NULL,
  tumour_icd10 text NOT NULL,
  -- proposed | notApplicable (not C34) | notMapped (no target instrument) | duplicate (the Meldung_ID was imported
  -- for this patient before) | unmatched (no definite match: nothing proposed)
  outcome text NOT NULL CHECK (outcome IN ('proposed', 'notApplicable', 'notMapped', 'duplicate', 'unmatched')),
  reason text,
  message jsonb NOT NULL,
  proposals jsonb NOT NULL DEFAULT '[]'::jsonb,
  skipped jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- [{instrument, path}] of the accepted fields; null until the documentalist decided
  accepted jsonb,
  decided_at timestamptz,
  decided_by text,
  CHECK ((outcome = 'unmatched') = (study_patient_id IS NULL))
);
CREATE INDEX IF NOT EXISTS obds_message_import_idx ON obds_message (import_id, position);
-- A Meldung_ID is taken once per study patient: importing it again records a duplicate and changes nothing.
CREATE UNIQUE INDEX IF NOT EXISTS obds_message_once_idx ON obds_message (study_patient_id, message_id)
  WHERE outcome IN ('proposed', 'notApplicable', 'notMapped');
