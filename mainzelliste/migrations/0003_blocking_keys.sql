-- Blocking keys of issue 17 (src/matching/blocking.ts):
-- - first-name code and surname code, each + birth day and month: a typo in the other name together with
--   a wrong birth year still meets its record;
-- - first-name code + surname code, for records without a birth date;
-- - bk_nachname / bk_geburtsname now hold the surname code + birth year.
-- The keys need the Kölner Phonetik, so the service re-keys rows of an older blocking_version when it starts.
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_first_name_day_month text;
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_surname_day_month text;
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_names text;
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS blocking_version smallint NOT NULL DEFAULT 1;
CREATE INDEX IF NOT EXISTS patient_bk_first_name_day_month_idx ON mainzelliste.patient (bk_first_name_day_month);
CREATE INDEX IF NOT EXISTS patient_bk_surname_day_month_idx ON mainzelliste.patient (bk_surname_day_month);
CREATE INDEX IF NOT EXISTS patient_bk_names_idx ON mainzelliste.patient (bk_names);
CREATE INDEX IF NOT EXISTS patient_blocking_version_idx ON mainzelliste.patient (blocking_version);
