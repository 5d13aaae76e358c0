-- Institutes, studies and locations (study institutes) with their assigned users (ecrf-core.md §3).

CREATE TABLE IF NOT EXISTS institute (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 4 digits (ecrf-calls.md §5 instituteIdentifier validator, §9).
  identifier text NOT NULL UNIQUE CHECK (identifier ~ '^[0-9]{4}$'),
  display_name text NOT NULL,
  additional_info jsonb NOT NULL DEFAULT '{"isDigiNet": false}'::jsonb,
  is_deleted boolean NOT NULL DEFAULT false
);

CREATE TABLE IF NOT EXISTS study (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE,
  display_name text NOT NULL
);

CREATE TABLE IF NOT EXISTS study_institute (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  institute_id uuid NOT NULL REFERENCES institute (id),
  is_deleted boolean NOT NULL DEFAULT false,
  UNIQUE (study_id, institute_id)
);

CREATE TABLE IF NOT EXISTS study_institute_user (
  study_institute_id uuid NOT NULL REFERENCES study_institute (id),
  user_id uuid NOT NULL REFERENCES app_user (id),
  PRIMARY KEY (study_institute_id, user_id)
);
CREATE INDEX IF NOT EXISTS study_institute_user_user_idx ON study_institute_user (user_id);
