-- The questionnaire system (ecrf-calls.md §1, §7 "Questionnaire system", SynQuest in the contract): questionnaire
-- definitions loaded from backend/questionnaires/*.json, interviews (one study patient's answers to one
-- questionnaire, optionally for an eCRF instrument) with their scores, and the one-time accesses through which a
-- patient or a staff member fills one interview in (docs/decisions.md "Questionnaire accesses").

-- A version of a questionnaire is immutable: the stored definition is the one its interviews were scored with.
CREATE TABLE IF NOT EXISTS questionnaire (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL CHECK (identifier ~ '^[a-z0-9][a-z0-9-]*$'),
  version text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 50),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  -- The whole data file (QuestionnaireDefinition of @ecrf/rules), checked by questionnaireDefinitionErrors.
  definition jsonb NOT NULL CHECK (jsonb_typeof(definition) = 'object'),
  loaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identifier, version)
);

CREATE TABLE IF NOT EXISTS questionnaire_interview (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  questionnaire_id uuid NOT NULL REFERENCES questionnaire (id),
  -- The patient by the registry's pseudonymous record only: the questionnaire system never holds identities.
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  instrument_id uuid REFERENCES instrument (id),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'completed')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- Who entered the answers: the patient through their access, or staff (from a paper form) through theirs.
  entered_by text CHECK (entered_by IN ('patient', 'staff')),
  entered_by_user text,
  -- [{itemId, code}]
  answers jsonb CHECK (answers IS NULL OR jsonb_typeof(answers) = 'array'),
  total_score integer,
  band text,
  -- Codes of the raised flags of the scoring (PHQ-9: suicidal_thoughts).
  flags jsonb CHECK (flags IS NULL OR jsonb_typeof(flags) = 'array'),
  version integer NOT NULL DEFAULT 1,
  CHECK (
    (state = 'open' AND completed_at IS NULL AND answers IS NULL AND total_score IS NULL AND band IS NULL AND flags IS NULL AND entered_by IS NULL)
    OR (state = 'completed' AND completed_at IS NOT NULL AND answers IS NOT NULL AND total_score IS NOT NULL AND band IS NOT NULL
      AND flags IS NOT NULL AND entered_by IS NOT NULL)
  )
);
CREATE INDEX IF NOT EXISTS questionnaire_interview_patient_idx ON questionnaire_interview (study_patient_id, created_at);
CREATE INDEX IF NOT EXISTS questionnaire_interview_scores_idx ON questionnaire_interview (questionnaire_id, completed_at);
CREATE INDEX IF NOT EXISTS questionnaire_interview_instrument_idx ON questionnaire_interview (instrument_id);
-- One open interview per patient and questionnaire: a new access continues it instead of opening a second.
CREATE UNIQUE INDEX IF NOT EXISTS questionnaire_interview_open_idx ON questionnaire_interview (study_patient_id, questionnaire_id)
  WHERE state = 'open';

-- The code itself is never stored: only its SHA-256. It opens exactly one interview until it expires, is replaced
-- by a newer access or the answers are submitted through it.
CREATE TABLE IF NOT EXISTS questionnaire_access (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  interview_id uuid NOT NULL REFERENCES questionnaire_interview (id),
  kind text NOT NULL CHECK (kind IN ('patient', 'staff')),
  code_hash text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  -- Who issued it (user id without a foreign key, as in the audit trail: the record outlives the account).
  issued_by_user_id uuid NOT NULL,
  issued_by text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  CHECK (expires_at > issued_at)
);
CREATE INDEX IF NOT EXISTS questionnaire_access_interview_idx ON questionnaire_access (interview_id);
