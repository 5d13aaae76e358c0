-- Study definitions with their versions, and languages with their entries (ecrf-core.md §3;
-- ecrf-calls.md §7 "Study and study definition"; docs/definitions.md).

-- Study: delete is soft, like institutes (ecrf-calls.md §7 Study: delete).
ALTER TABLE study ADD COLUMN IF NOT EXISTS is_deleted boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS study_definition (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  identifier text NOT NULL,
  display_name text NOT NULL,
  -- The version new data is entered under; every earlier version stays in study_definition_version.
  current_version integer NOT NULL CHECK (current_version > 0),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS study_definition_identifier_live_idx ON study_definition (identifier) WHERE NOT is_deleted;

-- Append-only: a loaded version is never changed, so data entered under it can always be read with it.
CREATE TABLE IF NOT EXISTS study_definition_version (
  study_definition_id uuid NOT NULL REFERENCES study_definition (id),
  version integer NOT NULL CHECK (version > 0),
  -- The declarative document as loaded, and the compiled model of @ecrf/rules.
  document jsonb NOT NULL,
  definition jsonb NOT NULL,
  checksum text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  PRIMARY KEY (study_definition_id, version)
);

CREATE TABLE IF NOT EXISTS language (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_definition_id uuid NOT NULL REFERENCES study_definition (id),
  identifier text NOT NULL CHECK (identifier ~ '^[a-z]{2}$'),
  -- [{scope, displayKey, displayValue}], sorted by scope and displayKey.
  entries jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_deleted boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX IF NOT EXISTS language_identifier_live_idx ON language (study_definition_id, identifier) WHERE NOT is_deleted;
