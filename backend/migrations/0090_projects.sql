-- Research projects of a study and the assignments of study patients to them (ecrf-calls.md §3 "Project
-- assignment", §7 "Projects"). The demo's projects are seeded with the demo study (backend/src/seed/seed.ts).
CREATE TABLE IF NOT EXISTS project (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  identifier text NOT NULL UNIQUE CHECK (char_length(identifier) BETWEEN 1 AND 50),
  display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  is_deleted boolean NOT NULL DEFAULT false
);

-- One row per period a patient belongs to a project; an open end (assigned_until NULL) is the current assignment.
CREATE TABLE IF NOT EXISTS project_assignment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES project (id),
  study_patient_id uuid NOT NULL REFERENCES study_patient (id),
  -- Registry days as YYYY-MM-DD text, like registration_date and visit_date.
  assigned_from text NOT NULL CHECK (assigned_from ~ '^\d{4}-\d{2}-\d{2}$'),
  assigned_until text CHECK (assigned_until ~ '^\d{4}-\d{2}-\d{2}$'),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (assigned_until IS NULL OR assigned_until >= assigned_from)
);
CREATE INDEX IF NOT EXISTS project_assignment_patient_idx ON project_assignment (study_patient_id);
CREATE INDEX IF NOT EXISTS project_assignment_project_idx ON project_assignment (project_id, study_patient_id);

-- Who signed in to a project (POST project-user-login/{id}) and when last.
CREATE TABLE IF NOT EXISTS project_user (
  project_id uuid NOT NULL REFERENCES project (id),
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
