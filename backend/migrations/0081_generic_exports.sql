-- Generic exports (ecrf-calls.md §7 "Exports": Generic export): definitions per study built from the data
-- provider items, with an optional cron schedule, and the claims of scheduled runs.
CREATE TABLE IF NOT EXISTS generic_export_definition (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  study_id uuid NOT NULL REFERENCES study (id),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  -- The selected data provider item keys in column order (generic-exports/data-provider-items.ts).
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  output_format text NOT NULL DEFAULT 'csv' CHECK (output_format IN ('csv', 'xlsx')),
  -- Five-field cron expression (Europe/Berlin) as @ecrf/rules normalises it; NULL: no schedule.
  cron text CHECK (cron IS NULL OR cron <> ''),
  version integer NOT NULL DEFAULT 1,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by_id uuid REFERENCES app_user (id),
  created_by text NOT NULL,
  -- Scheduled runs run for the user who saved the definition last (their rights and locations).
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by_id uuid REFERENCES app_user (id),
  changed_by text NOT NULL
);
CREATE INDEX IF NOT EXISTS generic_export_definition_study_idx ON generic_export_definition (study_id, is_deleted);
CREATE INDEX IF NOT EXISTS generic_export_definition_scheduled_idx ON generic_export_definition (id) WHERE cron IS NOT NULL AND NOT is_deleted;

-- One row per scheduled run: each replica ticks, only the one whose insert wins starts the job.
CREATE TABLE IF NOT EXISTS generic_export_run (
  definition_id uuid NOT NULL REFERENCES generic_export_definition (id),
  due_at timestamptz NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  -- The export job started for the run; NULL while starting or when the start failed.
  job_id text,
  PRIMARY KEY (definition_id, due_at)
);
