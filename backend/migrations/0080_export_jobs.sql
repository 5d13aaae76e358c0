-- Export jobs and their files (ecrf-calls.md §7 "Exports"; issue "Durable jobs"). pg-boss keeps the queue in
-- its own schema; this table is the registry's record of each job: who started what with which parameters,
-- the locations its file may hold, its state and progress, and the one file it wrote.
CREATE TABLE IF NOT EXISTS export_job (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  study_id uuid NOT NULL REFERENCES study (id),
  parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The starter's readable locations when the job started (a JSON array of ids); null: every location.
  location_ids jsonb,
  started_by uuid NOT NULL REFERENCES app_user (id),
  started_by_name text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed', 'cancelled', 'expired')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  failure_reason text,
  attempts integer NOT NULL DEFAULT 0,
  cancel_requested boolean NOT NULL DEFAULT false,
  -- The pg-boss job that runs it, and the lease of the worker running it now (a lost worker's lease runs out).
  queue_job_id uuid,
  lease_until timestamptz,
  file_name text,
  file_size bigint,
  file_sha256 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX IF NOT EXISTS export_job_list_idx ON export_job (study_id, kind, created_at DESC);
CREATE UNIQUE INDEX IF NOT EXISTS export_job_file_idx ON export_job (study_id, kind, file_name);

-- Export jobs belong to a study, not to one location: their events carry no location.
ALTER TABLE domain_event ALTER COLUMN study_institute_id DROP NOT NULL;
