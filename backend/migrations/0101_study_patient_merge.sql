-- Joining two study patients a data manager decided are one person (issue 17, "Dieselbe Person";
-- backend/src/identity/study-patient-merge.ts). Nothing is removed: the duplicate study patient is marked deleted
-- and points at the study patient that took over its documentation, and the tentative patient points at the patient
-- it was merged into, so screens link to the survivor and the history stays traceable (its identity link is kept).
ALTER TABLE study_patient ADD COLUMN IF NOT EXISTS merged_into_study_patient_id uuid REFERENCES study_patient (id);
ALTER TABLE patient ADD COLUMN IF NOT EXISTS merged_into_patient_id uuid REFERENCES patient (id);
-- A merge is only recorded on a deleted record.
ALTER TABLE study_patient DROP CONSTRAINT IF EXISTS study_patient_merged_deleted;
ALTER TABLE study_patient ADD CONSTRAINT study_patient_merged_deleted CHECK (merged_into_study_patient_id IS NULL OR is_deleted);
ALTER TABLE patient DROP CONSTRAINT IF EXISTS patient_merged_deleted;
ALTER TABLE patient ADD CONSTRAINT patient_merged_deleted CHECK (merged_into_patient_id IS NULL OR is_deleted);
