-- Blocking key first-name code + birth day and month (src/matching/blocking.ts, issue 17): a surname typo
-- together with a wrong birth year still meets its record. Existing rows are filled by the service at
-- start (backfillBlockingKeys), as the key needs the Kölner Phonetik.
ALTER TABLE mainzelliste.patient ADD COLUMN IF NOT EXISTS bk_first_name_day_month text;
CREATE INDEX IF NOT EXISTS patient_bk_first_name_day_month_idx ON mainzelliste.patient (bk_first_name_day_month);
