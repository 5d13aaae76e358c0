-- The oBDS import as a durable job (docs/obds-import.md "Large files: upload route and job"): the gateway creates the
-- import when the file passed the schema, then hands its patients over in batches; each batch moves the progress and
-- renews the heartbeat. An import whose heartbeat is older than the lease (the gateway stopped mid-file) is marked
-- failed with a German reason when it is next read, so no import stays running for ever.
ALTER TABLE obds_import
  ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'done' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  ADD COLUMN IF NOT EXISTS patients_done integer NOT NULL DEFAULT 0 CHECK (patients_done >= 0),
  ADD COLUMN IF NOT EXISTS failure_reason text,
  ADD COLUMN IF NOT EXISTS heartbeat_at timestamptz NOT NULL DEFAULT now();
-- Imports of the synchronous upload were stored whole.
UPDATE obds_import SET patients_done = patient_count WHERE status = 'done';
ALTER TABLE obds_import ALTER COLUMN status SET DEFAULT 'queued';
