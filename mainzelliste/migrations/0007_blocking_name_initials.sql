-- Blocking keys of issue 29 (src/matching/blocking.ts): the code of one name plus the initial of the other,
-- for lookups without a birth date whose other name has a typo that changes its code (no other key meets
-- its record then). The service re-keys rows of an older blocking_version when it starts.
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_first_name_initial text;
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_surname_initial text;
CREATE INDEX IF NOT EXISTS patient_bk_first_name_initial_idx ON mainzelliste.patient (bk_first_name_initial);
CREATE INDEX IF NOT EXISTS patient_bk_surname_initial_idx ON mainzelliste.patient (bk_surname_initial);
