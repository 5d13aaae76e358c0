-- Real patient identities (IDAT) and their pseudonyms (mainzelliste-api.md §1 "Patients"). Everything
-- lives in the schema mainzelliste, apart from the backend's tables even when both share one database.
CREATE SCHEMA IF NOT EXISTS mainzelliste;

CREATE TABLE IF NOT EXISTS mainzelliste.patient (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the input strings as given (returned by readPatients)
  fields jsonb NOT NULL,
  -- the normalised, decomposed comparison form the matcher reads (src/matching/prepare.ts)
  match_data jsonb NOT NULL,
  tentative boolean NOT NULL DEFAULT false,
  -- blocking keys (src/matching/blocking.ts): a lookup reads the union of the blocks its keys select
  bk_nachname text,
  bk_geburtsname text,
  bk_birth_date text,
  bk_first_name_year text,
  bk_insurance text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS patient_bk_nachname_idx ON mainzelliste.patient (bk_nachname);
CREATE INDEX IF NOT EXISTS patient_bk_geburtsname_idx ON mainzelliste.patient (bk_geburtsname);
CREATE INDEX IF NOT EXISTS patient_bk_birth_date_idx ON mainzelliste.patient (bk_birth_date);
CREATE INDEX IF NOT EXISTS patient_bk_first_name_year_idx ON mainzelliste.patient (bk_first_name_year);
CREATE INDEX IF NOT EXISTS patient_bk_insurance_idx ON mainzelliste.patient (bk_insurance);

-- Pseudonyms: one row per id type (pid, intid) of a patient.
CREATE TABLE IF NOT EXISTS mainzelliste.patient_id (
  patient_id integer NOT NULL REFERENCES mainzelliste.patient (id) ON DELETE CASCADE,
  id_type text NOT NULL,
  id_string text NOT NULL,
  tentative boolean NOT NULL DEFAULT false,
  PRIMARY KEY (id_type, id_string),
  UNIQUE (patient_id, id_type)
);

-- SimpleIDGenerator (intid): consecutive numbers.
CREATE SEQUENCE IF NOT EXISTS mainzelliste.intid_seq AS integer START 1;
