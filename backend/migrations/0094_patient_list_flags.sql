-- The flags the patient table filters by (issue 14; ecrf-calls.md §9), kept on the study patient and set by
-- every documentation save in its transaction (study-patients/patient-list-flags.ts), so a page of the table
-- reads columns instead of searching every instrument of the study. DigiNet is a flag of the location and
-- is read from the (few) locations; completeness is shown from the page's visits, not filtered by.
ALTER TABLE study_patient ADD COLUMN IF NOT EXISTS has_dropout boolean NOT NULL DEFAULT false;
ALTER TABLE study_patient ADD COLUMN IF NOT EXISTS has_muripedia boolean NOT NULL DEFAULT false;

-- Backfill. Dropout: an instrument holds the vital state A in a field whose definition has the fixed identifier
-- vital_state (rules/src/definition/fixed-identifiers.ts) in the patient's definition version; only the
-- instruments whose definition has such a field are read (their field trees are large). Muripedia: a visit or an
-- instrument carries the tag Muripedia.
WITH vital_state AS (
  SELECT DISTINCT v.study_definition_id, v.version, form.definition ->> 'id' AS instrument_id, field.id #>> '{}' AS field_id
  FROM study_definition_version v
  CROSS JOIN LATERAL jsonb_path_query(v.definition, '$.** ? (exists(@.fields[*] ? (@.identifier == "vital_state")))') AS form (definition)
  CROSS JOIN LATERAL jsonb_path_query(form.definition, '$.fields[*] ? (@.identifier == "vital_state").id') AS field (id)
)
UPDATE study_patient SET has_dropout = true
WHERE id IN (
  SELECT i.study_patient_id
  FROM instrument i
  JOIN study_patient sp ON sp.id = i.study_patient_id
  JOIN vital_state vs
    ON vs.study_definition_id = sp.study_definition_id AND vs.version = sp.definition_version AND vs.instrument_id = i.definition_id::text
  WHERE NOT i.is_deleted
    AND jsonb_path_exists(i.fields, '$.** ? (@.definitionId == $id && @.values[*].value == "A")', jsonb_build_object('id', vs.field_id))
);
UPDATE study_patient SET has_muripedia = true
WHERE id IN (
  SELECT study_patient_id FROM visit WHERE NOT is_deleted AND tags ? 'Muripedia'
  UNION
  SELECT study_patient_id FROM instrument WHERE NOT is_deleted AND tags ? 'Muripedia'
);

-- The pseudonym, which never changes, is copied from the patient when the study patient is inserted
-- (insertStudyPatient), so the default order of the table and its deep pages walk one index of one table.
ALTER TABLE study_patient ADD COLUMN IF NOT EXISTS pseudonym text;
UPDATE study_patient sp SET pseudonym = p.pseudonym FROM patient p WHERE p.id = sp.patient_id AND sp.pseudonym IS NULL;
ALTER TABLE study_patient ALTER COLUMN pseudonym SET NOT NULL;

-- The table's filters and sorts: the live patients of a study by pseudonym, by flag, by registration day; the
-- (few) deleted patients, which the table leaves out with an anti-join instead of joining every patient. The
-- patient and location ids are in the table index so that deep pages are index-only scans.
CREATE INDEX IF NOT EXISTS study_patient_table_idx ON study_patient (study_id, pseudonym, id) INCLUDE (patient_id, study_institute_id) WHERE NOT is_deleted;
CREATE INDEX IF NOT EXISTS study_patient_dropout_idx ON study_patient (study_id) WHERE has_dropout AND NOT is_deleted;
CREATE INDEX IF NOT EXISTS study_patient_muripedia_idx ON study_patient (study_id) WHERE has_muripedia AND NOT is_deleted;
CREATE INDEX IF NOT EXISTS patient_registration_idx ON patient (registration_date, id);
CREATE INDEX IF NOT EXISTS patient_deleted_idx ON patient (id) WHERE is_deleted;
