-- The clerical review list (issue 17, docs/mainzelliste.md "Review of possible matches"): a patient created
-- tentatively despite a possible match, the stored patient it was held against, and a data manager's
-- decision. Pseudonym-level only; the IDAT stays in mainzelliste.patient.
CREATE TABLE IF NOT EXISTS mainzelliste.possible_match (
  patient_id integer PRIMARY KEY REFERENCES mainzelliste.patient (id) ON DELETE CASCADE,
  candidate_id integer NOT NULL REFERENCES mainzelliste.patient (id) ON DELETE CASCADE,
  decision text CHECK (decision IN ('same', 'apart')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX IF NOT EXISTS possible_match_open_idx ON mainzelliste.possible_match (created_at) WHERE decision IS NULL;
